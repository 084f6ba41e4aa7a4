import type { UploadedFile } from '@app/contract/conventions/common';
import { fileUpload } from '@app/contract/resources/auth';
import { cvFileAccept, cvFileTypeMessage } from '@app/contract/resources/crm/candidate-cv';
import { useState } from 'react';
import { uploadFile } from '../../kit/api';
import { FileDrop } from '../../kit/file-drop';
import { messageOf } from '../../kit/notify';

export const cvFileHint = 'PDF, DOC or DOCX, up to 10 MB';

const maxBytes = 10 * 1024 * 1024;

/**
 * Uploads a CV through the one upload call. A file whose name or size already says no is refused
 * here with the server's words, without sending 10 MB for nothing; the server still judges the
 * content when the CV is attached.
 */
const uploadCvFile = async (file: File): Promise<UploadedFile> => {
  if (!/\.(pdf|docx?)$/i.test(file.name)) throw new Error(cvFileTypeMessage);
  if (file.size > maxBytes) throw new Error('The file is larger than 10 MB');
  return uploadFile(fileUpload, file);
};

type CvFileDropProps = {
  label: string;
  hint: string;
  buttonLabel: string;
  /** What follows the upload (attach it, keep it for the form); its failure is said in the area too. */
  onUploaded: (file: UploadedFile) => Promise<unknown> | undefined;
};

/** A CV dropped or chosen, uploaded at once; whatever goes wrong is said where it was dropped. */
export const CvFileDrop = ({ label, hint, buttonLabel, onUploaded }: CvFileDropProps) => {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (chosen: File) => {
    setFailure(null);
    setBusy(true);
    try {
      await onUploaded(await uploadCvFile(chosen));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return <FileDrop label={label} hint={hint} accept={cvFileAccept} buttonLabel={buttonLabel} busy={busy} error={failure} onFile={upload} />;
};
