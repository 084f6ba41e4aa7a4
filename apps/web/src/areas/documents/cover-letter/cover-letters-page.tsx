import { coverLetter, coverLetterTemplate, coverLetterUrl, makeDefaultCoverLetter } from '@app/contract/resources/job-board/cover-letter';
import { coverLetterDocument } from '@app/contract/resources/job-board/cv-document';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, callResource } from '../../../kit/api';
import { ConfirmModal } from '../../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../kit/notify';
import { resourceKey, useList, useRemove } from '../../../kit/use-resource';
import { formatDate } from '../../board/labels';
import { DocumentCard } from '../document-card';
import { DocumentList } from '../document-list';
import { downloadFile } from '../download';
import type { LetterRecord } from './letter-draft';

const pageSize = 12;

/** A letter's content only: what a copy takes (not its id, files or default flag). */
const letterContentOf = (record: LetterRecord) =>
  Object.fromEntries(
    [...Object.keys(coverLetterDocument.shape), 'jobId'].flatMap((key) => {
      const value = (record as Record<string, unknown>)[key];
      return value === undefined || value === null ? [] : [[key, value]];
    }),
  );

/** The seeker's cover letters, each for a company and a job. */
export const CoverLettersPage = () => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useList(coverLetter, { page, limit: pageSize });
  const templates = useList(coverLetterTemplate, { limit: 'ALL' });
  const remove = useRemove(coverLetter);
  const [removing, setRemoving] = useState<LetterRecord | null>(null);
  const [busy, setBusy] = useState<{ id: string; what: string } | null>(null);
  const templateOf = (slug: string) => templates.data?.results.find((template) => template.slug === slug);

  const run = async (row: LetterRecord, what: string, work: () => Promise<void>) => {
    setBusy({ id: row._id, what });
    try {
      await work();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(coverLetter) });

  const download = (row: LetterRecord, format: 'pdf' | 'docx') =>
    run(row, format, async () => {
      const link = await callApi(coverLetterUrl, { coverLetterId: row._id, isDocx: format === 'docx' });
      downloadFile(link.url, link.file.originalName);
    });

  const makeDefault = (row: LetterRecord) =>
    run(row, 'more', async () => {
      await callApi(makeDefaultCoverLetter, { _id: row._id });
      await refresh();
      notifySuccess(`${row.title} is now your default cover letter`);
    });

  const duplicate = (row: LetterRecord) =>
    run(row, 'more', async () => {
      const details = await callResource(coverLetter, 'details', { _id: row._id });
      const title = `${details.title} (copy)`.slice(0, 200);
      await callResource(coverLetter, 'create', { ...letterContentOf(details), title });
      await refresh();
      setPage(1);
      notifySuccess(`${title} created`);
    });

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ _id: removing._id });
      notifySuccess(`${removing.title} deleted`);
      setRemoving(null);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <DocumentList
      title="Cover letters"
      description="Letters for the jobs you apply to, written part by part with suggestions, as PDF or Word."
      noun="cover letter"
      newTo="/seeker/cover-letters/new"
      newLabel="New cover letter"
      emptyMessage="Your details are filled in from your profile; pick suggestions for each part and make them your own."
      list={list}
      page={page}
      onPage={setPage}
      card={(row) => {
        const template = templateOf(row.templateSlug);
        return (
          <DocumentCard
            key={row._id}
            title={row.title}
            isDefault={row.isDefault}
            defaultHint="Your main cover letter"
            lines={[
              [row.recipientDetails?.jobTitle, row.recipientDetails?.companyName].filter(Boolean).join(' at '),
              `${template?.title ?? row.templateSlug} template`,
              `Updated ${formatDate(row.updatedAt)}`,
            ]}
            editTo={`/seeker/cover-letters/${row._id}`}
            busy={busy?.id === row._id ? busy.what : null}
            onDownloadPdf={() => download(row, 'pdf')}
            onDownloadWord={template?.isDocx ? () => download(row, 'docx') : undefined}
            onMakeDefault={() => makeDefault(row)}
            onDuplicate={() => duplicate(row)}
            onDelete={() => setRemoving(row)}
          />
        );
      }}
    >
      <ConfirmModal
        opened={removing !== null}
        title={`Delete ${removing?.title ?? 'this letter'}?`}
        message={
          removing?.isDefault
            ? 'It is your default letter: your newest other letter becomes the default.'
            : 'It will be removed from your letters.'
        }
        confirmLabel="Delete letter"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </DocumentList>
  );
};
