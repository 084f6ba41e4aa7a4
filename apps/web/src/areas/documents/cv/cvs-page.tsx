import { cv, cvDetails, setDefaultCv } from '@app/contract/resources/job-board/cv';
import { jobSeekerCvUrl } from '@app/contract/resources/job-board/job-seeker';
import { cvTemplateCatalogue } from '@app/documents/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, callResource } from '../../../kit/api';
import { ConfirmModal } from '../../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../kit/notify';
import { type RecordOf, resourceKey, useList, useRemove } from '../../../kit/use-resource';
import { formatDate } from '../../board/labels';
import { DocumentCard } from '../document-card';
import { DocumentList } from '../document-list';
import { downloadFile } from '../download';
import { cvContentOf } from './cv-draft';

type CvRecord = RecordOf<typeof cv>;

const pageSize = 12;
const templateTitle = (slug: string) => cvTemplateCatalogue.find((t) => t.slug === slug)?.title ?? slug;

/** The seeker's CVs: the default one goes with applications unless they choose another. */
export const CvsPage = () => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useList(cv, { page, limit: pageSize });
  const remove = useRemove(cv);
  const [removing, setRemoving] = useState<CvRecord | null>(null);
  const [busy, setBusy] = useState<{ id: string; what: string } | null>(null);

  const run = async (row: CvRecord, what: string, work: () => Promise<void>) => {
    setBusy({ id: row._id, what });
    try {
      await work();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(cv) });

  const download = (row: CvRecord) =>
    run(row, 'pdf', async () => {
      const link = await callApi(jobSeekerCvUrl, { cvId: row._id });
      downloadFile(link.url, link.file.originalName);
    });

  const makeDefault = (row: CvRecord) =>
    run(row, 'more', async () => {
      await callApi(setDefaultCv, { cvId: row._id, status: true });
      await refresh();
      notifySuccess(`${row.cvTitle} is now your default CV`);
    });

  const duplicate = (row: CvRecord) =>
    run(row, 'more', async () => {
      const details = await callApi(cvDetails, { cvId: row._id });
      const title = `${details.cvTitle} (copy)`.slice(0, 200);
      await callResource(cv, 'create', { ...cvContentOf(details), cvTitle: title });
      await refresh();
      setPage(1);
      notifySuccess(`${title} created`);
    });

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ _id: removing._id });
      notifySuccess(`${removing.cvTitle} deleted`);
      setRemoving(null);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <DocumentList
      title="My CVs"
      description="Build CVs from your profile in four designs. Your default CV goes with your applications unless you choose another."
      noun="CV"
      newTo="/seeker/cvs/new"
      newLabel="New CV"
      emptyMessage="Start one from your profile: your details, skills, education and work history are filled in for you."
      list={list}
      page={page}
      onPage={setPage}
      card={(row) => (
        <DocumentCard
          key={row._id}
          title={row.cvTitle}
          isDefault={row.isDefault}
          defaultHint="Sent with your applications unless you choose another"
          lines={[
            [row.name?.fullName, row.designation].filter(Boolean).join(' · '),
            `${templateTitle(row.templateSlug)} template`,
            `Updated ${formatDate(row.updatedAt)}`,
          ]}
          editTo={`/seeker/cvs/${row._id}`}
          busy={busy?.id === row._id ? busy.what : null}
          onDownloadPdf={() => download(row)}
          onMakeDefault={() => makeDefault(row)}
          onDuplicate={() => duplicate(row)}
          onDelete={() => setRemoving(row)}
        />
      )}
    >
      <ConfirmModal
        opened={removing !== null}
        title={`Delete ${removing?.cvTitle ?? 'this CV'}?`}
        message={
          removing?.isDefault
            ? 'It is your default CV: your newest other CV becomes the default. Applications already sent keep their copy.'
            : 'Applications already sent keep their copy.'
        }
        confirmLabel="Delete CV"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </DocumentList>
  );
};
