import type { UploadedFile } from '@app/contract/conventions/common';
import { fileUpload } from '@app/contract/resources/auth';
import { cvFileTypeMessage } from '@app/contract/resources/crm/candidate-cv';
import { uploadFile } from '../../kit/api';

export const cvFileHint = 'PDF, DOC or DOCX, up to 10 MB';

const maxBytes = 10 * 1024 * 1024;

/**
 * Uploads a CV through the one upload call. A file whose name or size already says no is refused
 * here with the server's words, without sending 10 MB for nothing; the server still judges the
 * content when the CV is attached.
 */
export const uploadCvFile = async (file: File): Promise<UploadedFile> => {
  if (!/\.(pdf|docx?)$/i.test(file.name)) throw new Error(cvFileTypeMessage);
  if (file.size > maxBytes) throw new Error('The file is larger than 10 MB');
  return uploadFile(fileUpload, file);
};
