import type { BulkExtension, BulkField } from '@app/contract/conventions/bulk';
import { resources } from '@app/contract/resources/registry';
import { Select, Textarea } from '@mantine/core';
import { enumOptions } from './enum-options';
import { ReferencePicker } from './reference-picker';

/** What the person has entered for an action of a definition's own, by field key (several ids for a `multiple` reference). */
export type ExtensionValue = Record<string, string | string[]>;

const filled = (entered: string | string[] | undefined) => (Array.isArray(entered) ? entered.length > 0 : Boolean(entered?.trim()));

/** Whether every field the action needs is filled (optional texts may stay empty). */
export const extensionReady = (extension: BulkExtension, value: ExtensionValue) =>
  Object.entries(extension.fields).every(([key, field]) => (field.kind === 'text' && field.optional) || filled(value[key]));

/** The value as the bulk call takes it: empty optional texts left out. */
export const extensionPayload = (value: ExtensionValue) =>
  Object.fromEntries(Object.entries(value).filter(([, entered]) => filled(entered)));

const FieldInput = (props: { field: BulkField; value: string | string[] | undefined; onChange: (value: string | string[]) => void }) => {
  const { field, onChange } = props;
  const value = Array.isArray(props.value) ? '' : (props.value ?? '');
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
    const labelled = { resource: target, labelField: field.labelField ?? target.labelField ?? '_id', filter: field.filter };
    if (field.multiple) {
      return (
        <ReferencePicker
          target={labelled}
          multiple
          label={field.label}
          value={Array.isArray(props.value) ? props.value : []}
          onChange={(chosen) => onChange(Array.isArray(chosen) ? chosen.map(String) : [String(chosen)])}
        />
      );
    }
    return <ReferencePicker target={labelled} label={field.label} value={value} onChange={(chosen) => onChange(String(chosen))} />;
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
        value={props.value[key]}
        onChange={(entered) => props.onChange({ ...props.value, [key]: entered })}
      />
    ))}
  </>
);
