export type FieldError = { field: string; message: string };

export type Envelope<T> = {
  code: number;
  success: boolean;
  message: string;
  data: T;
};

export type ErrorEnvelope = Envelope<null | { errors: FieldError[] }>;
