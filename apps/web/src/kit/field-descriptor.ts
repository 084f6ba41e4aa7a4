import type { UploadedFile } from '@app/contract/conventions/common';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { ReactNode } from 'react';

export type Option = { value: string; label: string };
export type OptionGroup = { group: string; items: Option[] };
export type Options = Option[] | OptionGroup[];

/** An `image` field holds the uploaded file, or '' while it has none. */
export type FieldValue = string | string[] | boolean | UploadedFile;
/** Form values keyed by the field's dotted path ("adminUser.email"), flat so errors map one to one. */
export type FormValues = Record<string, FieldValue>;

/** Options fetched from the server; `dependsOn` names fields whose values the loader needs (a feature's module). */
export type OptionsLoader = {
  key: string;
  load: (dependencies: Record<string, string>) => Promise<Options>;
  dependsOn?: readonly string[];
  /** Said under the field while a field it depends on is empty. */
  waitingFor?: string;
};

/**
 * `date` holds YYYY-MM-DD; `dateTime` the YYYY-MM-DDTHH:mm of a `datetime-local` input, in the person's own time zone,
 * sent as the instant it names; `number` is sent as a number (text that is not one goes as typed, for the server to name); `richtext` holds HTML;
 * `tags` holds a list of free words; `image` an uploaded picture, uploaded as soon as it is chosen and sent as the file's reference;
 * `related` the records a related-to list names (see `relatedKinds`), held as "Kind:id" and sent as `{ _id, entityType }`.
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'password'
  | 'select'
  | 'multiselect'
  | 'tags'
  | 'textarea'
  | 'switch'
  | 'date'
  | 'dateTime'
  | 'number'
  | 'richtext'
  | 'image'
  | 'related';

/**
 * Another resource a field holds the id (or ids) of: picked by searching that resource's list, named by its
 * label field; a record answers the picked one's `{ _id, label }` under `expandAs`.
 */
export type ReferenceTarget = {
  resource: ResourceDefinition;
  labelField: string;
  expandAs?: string;
  /** The list filter the choices come from (one client's contacts); every record the person may read when absent. */
  filter?: Record<string, unknown>;
};

export type FieldDescriptor = {
  /** The payload path; dotted paths build nested objects ("name.first"). */
  name: string;
  label: string;
  kind: FieldKind;
  options?: Options | OptionsLoader;
  /** A select (one id) or multiselect (ids) whose choices are found on the server as the person types. */
  reference?: ReferenceTarget;
  /** The kinds of record a `related` field may name, each searched through its own list. */
  relatedKinds?: readonly ResourceDefinition[];
  description?: string;
  placeholder?: string;
  /** Shows an asterisk; the server still decides, so its message is the one people see. */
  required?: boolean;
  /** Forms that show the field but do not send it (the organisation a staff member belongs to, once made). */
  readOnlyIn?: readonly FormMode[];
  /** Forms that show the field; both when absent. */
  modes?: readonly FormMode[];
  /** Fills this field from another until the person types in it (a value code from a title). */
  deriveFrom?: { field: string; transform: (value: string) => string };
  /** Half width on wider screens, so first and last name sit side by side. */
  half?: boolean;
  /** A heading shown above the first field of a group. */
  section?: string;
  /** A full-width line after the field, drawn from the form's values as they stand (the chosen panel's busy times). */
  after?: (values: FormValues) => ReactNode;
  autoComplete?: string;
  /** An edit sends an emptied field as null rather than '' (an optional email, which '' would not pass). */
  nullable?: boolean;
  /** A text or text area's picker of tokens to insert where the cursor is (a template's variables). */
  insertable?: { label: string; options: Option[] };
  /** Shown (and sent) only while this holds: an end date while the course is not still going on. */
  showIf?: (values: FormValues) => boolean;
};

export type FormMode = 'create' | 'edit';

export const isOptionsLoader = (options: FieldDescriptor['options']): options is OptionsLoader =>
  Boolean(options) && !Array.isArray(options);

export const isShown = (field: FieldDescriptor, values: FormValues) => !field.showIf || field.showIf(values);

export const fieldsFor = (fields: readonly FieldDescriptor[], mode: FormMode) =>
  fields.filter((field) => !field.modes || field.modes.includes(mode));
