import type { ResourceDefinition } from '@app/contract/define-resource';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from './confirm-modal';
import { type FieldDescriptor, type FormMode, fieldsFor } from './field-descriptor';
import { FieldsForm } from './fields-form';
import { leaveMessage } from './unsaved-changes';
import { type RecordOf, useCreate, useUpdate } from './use-resource';
import { capitalise } from './words';

export type ResourceFormProps<D extends ResourceDefinition> = {
  resource: D;
  mode: FormMode;
  fields: readonly FieldDescriptor[];
  /** The record being edited; lists carry every field, so no details call is needed. */
  record?: RecordOf<D>;
  /** Starting values of a create form, read by dotted path. */
  defaults?: Record<string, unknown>;
  /** What one record is called in messages ("organisation"). */
  noun: string;
  /** Adds what the fields do not hold (an organisation chosen elsewhere). */
  toPayload?: (payload: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  onDone?: () => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Shows the record without a way to change it (for who may read it only). */
  viewOnly?: boolean;
};

/** The create or edit form of a resource, sending its `create` or `update` call. */
export const ResourceForm = <D extends ResourceDefinition>(props: ResourceFormProps<D>) => {
  const { resource, mode, record, noun } = props;
  const create = useCreate(resource);
  const update = useUpdate(resource);
  const fields = fieldsFor(props.fields, mode);

  const submit = (payload: Record<string, unknown>): Promise<unknown> => {
    const body = props.toPayload ? props.toPayload(payload, mode) : payload;
    if (mode === 'create') return create.mutateAsync(body as never);
    return update.mutateAsync({ ...body, _id: record?._id } as never);
  };

  return (
    <FieldsForm
      fields={fields}
      initial={mode === 'edit' ? record : props.defaults}
      emptyStrings={mode === 'create' ? 'omit' : 'keep'}
      submitLabel={mode === 'create' ? `Create ${noun}` : 'Save changes'}
      successMessage={mode === 'create' ? `${capitalise(noun)} created` : `${capitalise(noun)} saved`}
      onSubmit={submit}
      readOnly={fields.filter((field) => field.readOnlyIn?.includes(mode)).map((field) => field.name)}
      onSuccess={props.onDone}
      onCancel={props.onCancel}
      onDirtyChange={props.onDirtyChange}
      viewOnly={props.viewOnly}
    />
  );
};

/**
 * The same form in a dialog; full screen on phones, where a centred dialog has no room. Closing it
 * with changes not saved (the cross, Escape, a click beside it, Cancel) asks first. `extra` shows
 * under the form (what is linked to the record, its activity).
 */
export const ResourceFormModal = <D extends ResourceDefinition>(
  props: ResourceFormProps<D> & { opened: boolean; onClose: () => void; extra?: ReactNode },
) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const title = props.mode === 'create' ? `Add ${props.noun}` : props.viewOnly ? capitalise(props.noun) : `Edit ${props.noun}`;
  const { extra, ...form } = props;
  const close = () => {
    setDirty(false);
    setAsking(false);
    props.onClose();
  };
  const closeAsking = () => (dirty ? setAsking(true) : close());
  return (
    <>
      <Modal opened={props.opened} onClose={closeAsking} title={title} size="lg" fullScreen={phone} centered>
        {props.opened && <ResourceForm {...form} onDone={close} onCancel={closeAsking} onDirtyChange={setDirty} />}
        {props.opened && extra}
      </Modal>
      <ConfirmModal
        opened={asking}
        title="Discard your changes?"
        message={leaveMessage}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
