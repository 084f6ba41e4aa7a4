import { Alert, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError } from './api';
import { type FieldDescriptor, type FieldValue, type FormValues, isShown } from './field-descriptor';
import { mapFieldErrors } from './field-errors';
import { FieldInput } from './field-input';
import { initialValuesOf, payloadOf } from './form-values';
import { messageOf, notifyFailure, notifySuccess } from './notify';
import { useUnsavedChanges } from './unsaved-changes';

export type FieldsFormProps<Result> = {
  fields: readonly FieldDescriptor[];
  /** A record (edit) or defaults (create) the values start from, read by dotted path. */
  initial?: unknown;
  submitLabel: string;
  emptyStrings: 'omit' | 'keep';
  onSubmit: (payload: Record<string, unknown>) => Promise<Result>;
  successMessage?: string | ((result: Result) => string);
  onSuccess?: (result: Result) => void;
  onCancel?: () => void;
  /** Checks the API cannot make (a password typed twice); answers messages by field name. */
  check?: (values: FormValues) => Record<string, string>;
  /** Leaves out of the payload what only the form needs (a confirmation field). */
  omit?: readonly string[];
  footer?: ReactNode;
  /** Fields shown disabled and left out of the payload. */
  readOnly?: readonly string[];
  /** Says failures in the form itself rather than in a notification (sign-in, where the message is the point). */
  inlineErrors?: boolean;
  /** Stretches the submit button across the form. */
  fullWidthSubmit?: boolean;
  /** Told whenever the form gains or loses unsaved changes (a dialog that asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
  /** False for forms whose typing is no work to lose (signing in): leaving them never asks. */
  guardUnsaved?: boolean;
  /** Every field shown disabled, with Close instead of submitting: a record for who may only read it. */
  viewOnly?: boolean;
};

/**
 * A form of labelled fields that submits to the API. A 400's `data.errors` land beside their inputs;
 * anything that fits no input (and every other failure) is said in a notification.
 */
export const FieldsForm = <Result,>(props: FieldsFormProps<Result>) => {
  const { fields, submitLabel, emptyStrings, onSubmit, onCancel } = props;
  const [values, setValues] = useState<FormValues>(() => initialValuesOf(fields, props.initial ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Derived fields follow their source only until someone types in them; existing values count as typed.
  const touched = useRef(new Set(fields.filter((f) => f.deriveFrom && values[f.name] !== '').map((f) => f.name)));
  const formRef = useRef<HTMLFormElement>(null);
  // What was last loaded or saved: leaving with anything else asks first.
  const [saved, setSaved] = useState(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const unsaved = useUnsavedChanges(dirty && props.guardUnsaved !== false);
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const change = (name: string, value: FieldValue) => {
    touched.current.add(name);
    // A field that follows this one changes with it, so its old message goes too.
    const following = fields.filter((f) => f.deriveFrom?.field === name && !touched.current.has(f.name)).map((f) => f.name);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== name && !following.includes(key))));
    setValues((current) => {
      const next = { ...current, [name]: value };
      for (const field of fields) {
        if (field.deriveFrom?.field === name && !touched.current.has(field.name) && typeof value === 'string') {
          next[field.name] = field.deriveFrom.transform(value);
        }
        // A choice that depended on the old value no longer makes sense.
        if (isDependent(field, name)) next[field.name] = field.kind === 'multiselect' || field.kind === 'tags' ? [] : '';
      }
      return next;
    });
  };

  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const checked = props.check?.(values) ?? {};
    if (Object.keys(checked).length > 0) {
      setErrors(checked);
      focusFirstError();
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      const sent = fields.filter((field) => !props.omit?.includes(field.name) && !props.readOnly?.includes(field.name));
      const result = await onSubmit(payloadOf(sent, values, emptyStrings));
      const message = typeof props.successMessage === 'function' ? props.successMessage(result) : props.successMessage;
      if (message) notifySuccess(message);
      unsaved.settle();
      setSaved(values);
      props.onSuccess?.(result);
    } catch (error) {
      const { mapped, unmapped } = mapFieldErrors(
        isApiError(error) ? error.errors : [],
        fields.filter((field) => isShown(field, values)),
      );
      setErrors(mapped);
      focusFirstError();
      const general = Object.keys(mapped).length === 0 ? messageOf(error) : unmapped.map((e) => e.message).join(' ');
      if (general && props.inlineErrors) setFailure(general);
      else if (general) notifyFailure(new Error(general));
    } finally {
      setSubmitting(false);
    }
  };

  const shown = fields.filter((field) => isShown(field, values));

  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="md">
        <Grid gutter="md">
          {shown.map((field, index) => (
            <FieldCell
              key={field.name}
              field={field}
              showSection={Boolean(field.section) && shown[index - 1]?.section !== field.section}
              after={field.after?.(values)}
            >
              <FieldInput
                field={field}
                value={values[field.name] ?? ''}
                values={values}
                error={errors[field.name]}
                disabled={submitting || props.viewOnly || props.readOnly?.includes(field.name)}
                onChange={(value) => change(field.name, value)}
                record={props.initial}
              />
            </FieldCell>
          ))}
        </Grid>
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {failure}
          </Alert>
        )}
        {props.footer}
        <Group justify="flex-end" gap="sm" grow={props.fullWidthSubmit}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {props.viewOnly ? 'Close' : 'Cancel'}
            </Button>
          )}
          {!props.viewOnly && (
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};

const isDependent = (field: FieldDescriptor, changed: string) =>
  Boolean(field.options && !Array.isArray(field.options) && field.options.dependsOn?.includes(changed));

const FieldCell = ({
  field,
  showSection,
  after,
  children,
}: {
  field: FieldDescriptor;
  showSection: boolean;
  after?: ReactNode;
  children: ReactNode;
}) => (
  <>
    {showSection && (
      <Grid.Col span={12} pt="sm">
        <Title order={4} fz="sm" c="dimmed" tt="uppercase" lts={0.5}>
          {field.section}
        </Title>
      </Grid.Col>
    )}
    <Grid.Col span={{ base: 12, sm: field.half ? 6 : 12 }}>{children}</Grid.Col>
    {after && <Grid.Col span={12}>{after}</Grid.Col>}
  </>
);
