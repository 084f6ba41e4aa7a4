import type { RecordOf } from '@app/contract/conventions/record';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { callRecord, isApiError } from '../../kit/api';
import { mapFieldErrors } from '../../kit/field-errors';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useUnsavedChanges } from '../../kit/unsaved-changes';
import { resourceKey } from '../../kit/use-resource';
import { downloadFile } from './download';
import { notifyFieldFailure } from './field-failure';

/** What the server answers for a drawn file: an expiring link and the name to save it under. */
export type FileLink = { url: string; file: { originalName: string } };

type DocumentDraftOptions<Draft, D extends ResourceDefinition> = {
  resource: D;
  /** The saved document's id; none while it is new. */
  id: string | undefined;
  initial: Draft;
  payloadOf: (draft: Draft) => Record<string, unknown>;
  /** Every input's payload path, so the API's messages land beside their fields. */
  inputPathsOf: (draft: Draft) => string[];
  detailsKey: (id: string) => QueryKey;
  /** The builder's address for a saved document. */
  pathOf: (id: string) => string;
  onCreated: (id: string) => void;
  messages: { created: string; saved: string; failed: string };
  /** Told the paths with messages after a refused save (to open the parts they are in). */
  onInvalid?: (paths: string[]) => void;
};

/**
 * A CV or cover letter being edited: the draft and whether it differs from what is saved, the
 * API's messages per field, saving (create, then update), and downloads of the server's file, which
 * save first because the server draws what is saved. A new document moves to its own address once
 * saved, so the next save updates it.
 */
export const useDocumentDraft = <Draft, D extends ResourceDefinition>(options: DocumentDraftOptions<Draft, D>) => {
  type Saved = RecordOf<D>;
  const { resource, id, payloadOf, inputPathsOf, detailsKey, messages } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(options.initial);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(options.initial));
  const draftJson = useMemo(() => JSON.stringify(draft), [draft]);
  const dirty = draftJson !== savedJson;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const unsaved = useUnsavedChanges(dirty);

  /** Forgets the messages about what a change touched. */
  const forget = (paths: string[]) =>
    setErrors((current) => {
      const touched = (key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
      return Object.keys(current).some(touched) ? Object.fromEntries(Object.entries(current).filter(([key]) => !touched(key))) : current;
    });
  const change = (patch: Partial<Draft>, paths: string[] = Object.keys(patch)) => {
    setDraft((current) => ({ ...current, ...patch }));
    forget(paths);
  };

  const save = async (): Promise<Saved | undefined> => {
    setErrors({});
    try {
      const payload = payloadOf(draft);
      const record = id ? await callRecord(resource, 'update', { ...payload, _id: id }) : await callRecord(resource, 'create', payload);
      setSavedJson(draftJson);
      unsaved.settle();
      queryClient.setQueryData(detailsKey(record._id), record);
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      return record;
    } catch (error) {
      const { mapped, unmapped } = mapFieldErrors(
        isApiError(error) ? error.errors : [],
        inputPathsOf(draft).map((name) => ({ name })),
      );
      setErrors(mapped);
      options.onInvalid?.(Object.keys(mapped));
      notifyFieldFailure(error, mapped, unmapped, messages.failed);
      return undefined;
    }
  };

  const settle = (record: Saved) => {
    if (id) return;
    options.onCreated(record._id);
    navigate(options.pathOf(record._id), { replace: true });
  };

  const saveNow = async () => {
    setBusy('save');
    const record = await save();
    setBusy(null);
    if (!record) return;
    notifySuccess(id ? messages.saved : messages.created);
    settle(record);
  };

  /** Saves what changed, then downloads the file `linkOf` answers for the saved document. */
  const download = async (kind: string, linkOf: (id: string) => Promise<FileLink>, failure: string) => {
    setBusy(kind);
    try {
      const mustSave = !id || dirty;
      const record = mustSave ? await save() : undefined;
      // A save that failed has said why; the old file is not what they asked for.
      const savedId = mustSave ? record?._id : id;
      if (!savedId) return;
      const link = await linkOf(savedId);
      downloadFile(link.url, link.file.originalName);
      if (record) settle(record);
    } catch (error) {
      notifyFailure(error, failure);
    } finally {
      setBusy(null);
    }
  };

  return { draft, setDraft, dirty, errors, setErrors, forget, change, busy, saveNow, download };
};
