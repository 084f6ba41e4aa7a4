import type { BulkExtension, BulkField } from '@app/contract/conventions/bulk';
import { resources } from '@app/contract/resources/registry';
import { Select, Textarea } from '@mantine/core';
import { enumOptions } from './enum-options';
import { ReferencePicker } from './reference-picker';

/** What the person has entered for an action of a definition's own, by field key. */
export type ExtensionValue = Record<string, string>;

/** Whether every field the action needs is filled (optional texts may stay empty). */
export const extensionReady = (extension: BulkExtension, value: ExtensionValue) =>
  Object.entries(extension.fields).every(([key, field]) => (field.kind === 'text' && field.optional) || Boolean(value[key]?.trim()));

/** The value as the bulk call takes it: empty optional texts left out. */
export const extensionPayload = (value: ExtensionValue) =>
  Object.fromEntries(Object.entries(value).filter(([, text]) => text.trim() !== ''));

const FieldInput = (props: { field: BulkField; value: string; onChange: (value: string) => void }) => {
  const { field, value, onChange } = props;
  if (field.kind === 'choice') {
    return (
      <Select
        label={field.label}
        data={enumOptions(field.options) ?? []}
        value={value || null}
        onChange={(chosen) => onChange(chosen ?? '')}
      />
    );
  }
  if (field.kind === 'reference') {
    const target = resources.find((resource) => resource.name === field.resource);
    if (!target) return null;
    return (
      <ReferencePicker
        target={{ resource: target, labelField: field.labelField ?? target.labelField ?? '_id' }}
        label={field.label}
        value={value}
        onChange={(chosen) => onChange(String(chosen))}
      />
    );
  }
  return (
    <Textarea
      label={field.label}
      autosize
      minRows={2}
      maxLength={field.max}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
};

/** The fields an action of a definition's own asks for, drawn from its declaration: no screen of its own per action. */
export const BulkExtensionFields = (props: {
  extension: BulkExtension;
  value: ExtensionValue;
  onChange: (value: ExtensionValue) => void;
}) => (
  <>
    {Object.entries(props.extension.fields).map(([key, field]) => (
      <FieldInput
        key={key}
        field={field}
        value={props.value[key] ?? ''}
        onChange={(text) => props.onChange({ ...props.value, [key]: text })}
      />
    ))}
  </>
);
