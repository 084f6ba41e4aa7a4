import { MultiSelect, PasswordInput, Select, Skeleton, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { comboboxProps } from './combobox';
import { expandedOptions } from './expansion';
import type { FieldDescriptor, FieldValue, FormValues } from './field-descriptor';
import { isOptionsLoader } from './field-descriptor';
import { getPath, isUploadedFile } from './form-values';
import { ImageInput } from './image-input';
import { InsertableText } from './insertable-text';
import { messageOf } from './notify';
import { ReferencePicker } from './reference-picker';
import { RelatedPicker } from './related-picker';
import { useOptions } from './use-options';

type FieldInputProps = {
  field: FieldDescriptor;
  value: FieldValue;
  values: FormValues;
  error?: string;
  disabled?: boolean;
  onChange: (value: FieldValue) => void;
  /** The record being edited, whose expanded references name a picker's current values. */
  record?: unknown;
};

// The editor is large and only the job form needs it: it loads with that form.
const RichTextInput = lazy(() => import('./rich-text-input').then((module) => ({ default: module.RichTextInput })));

/** One labelled input of a form, chosen by the field's kind; the API's message for it shows as its error. */
export const FieldInput = ({ field, value, values, error, disabled, onChange, record }: FieldInputProps) => {
  const { options, loading, waiting, error: optionsError } = useOptions(field, values);
  const common = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    error,
    disabled,
    // The form has noValidate, so `required` only marks the input; the server's message is what people see.
    required: field.required,
    withAsterisk: false,
    classNames: field.required ? { label: 'required-label' } : undefined,
  };
  const text = typeof value === 'string' ? value : '';

  if (field.reference && (field.kind === 'select' || field.kind === 'multiselect')) {
    const { expandAs } = field.reference;
    return (
      <ReferencePicker
        {...common}
        target={field.reference}
        multiple={field.kind === 'multiselect'}
        value={typeof value === 'string' || Array.isArray(value) ? value : ''}
        onChange={onChange}
        known={expandAs ? expandedOptions(getPath(record, expandAs)) : []}
      />
    );
  }

  if (field.insertable && (field.kind === 'text' || field.kind === 'textarea')) {
    return (
      <InsertableText {...common} multiline={field.kind === 'textarea'} value={text} onChange={onChange} insertable={field.insertable} />
    );
  }

  switch (field.kind) {
    case 'related':
      return (
        <RelatedPicker
          label={field.label}
          description={field.description}
          error={error}
          disabled={disabled}
          kinds={field.relatedKinds ?? []}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          held={getPath(record, field.name)}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete={field.autoComplete ?? 'new-password'}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return <Textarea {...common} autosize minRows={3} maxRows={10} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          error={error}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={options}
          value={text || null}
          onChange={(next) => onChange(next ?? '')}
          searchable
          clearable={!field.required}
          nothingFoundMessage="Nothing found"
          description={
            optionsError
              ? `The choices could not be loaded (${messageOf(optionsError)}).`
              : waiting && isOptionsLoader(field.options)
                ? field.options.waitingFor
                : field.description
          }
          placeholder={loading ? 'Loading…' : (field.placeholder ?? 'Choose one')}
          disabled={disabled || waiting || Boolean(optionsError)}
          comboboxProps={comboboxProps}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="Nothing found"
          description={
            optionsError
              ? `The choices could not be loaded (${messageOf(optionsError)}).`
              : waiting && isOptionsLoader(field.options)
                ? field.options.waitingFor
                : field.description
          }
          placeholder={loading ? 'Loading…' : (field.placeholder ?? 'Choose any')}
          disabled={disabled || waiting || Boolean(optionsError)}
          comboboxProps={comboboxProps}
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          clearable
          placeholder={field.placeholder ?? 'Type and press Enter'}
          comboboxProps={comboboxProps}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'dateTime':
      return <TextInput {...common} type="datetime-local" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return <TextInput {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'image':
      return (
        <ImageInput
          label={field.label}
          description={field.description}
          error={error}
          disabled={disabled}
          value={isUploadedFile(value) ? value : ''}
          onChange={onChange}
        />
      );
    case 'richtext':
      return (
        <Suspense fallback={<Skeleton height={220} role="status" aria-label={`Loading the ${field.label} editor`} />}>
          <RichTextInput {...common} value={text} onChange={onChange} />
        </Suspense>
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' || field.kind === 'url' ? field.kind : 'text'}
          autoComplete={field.autoComplete}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
};
