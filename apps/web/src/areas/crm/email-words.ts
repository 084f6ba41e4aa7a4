import type { RelatedTo } from '@app/contract/conventions/common';
import type { email } from '@app/contract/resources/crm/email';
import type { RecordOf } from '../../kit/use-resource';

export type EmailRow = RecordOf<typeof email>;

/** What a compose opens with: the people it is to, a draft or the email it answers. */
export type ComposeStart = {
  candidateIds?: string[];
  contactIds?: string[];
  /** Names of the chosen records, so the pickers show names before any search. */
  known?: { value: string; label: string }[];
  to?: string[];
  cc?: string[];
  subject?: string;
  body?: string;
  /** Records it concerns beyond its recipients (a job, a client). */
  relatedTo?: RelatedTo[];
  inReplyToId?: string;
  draftId?: string;
};

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template's text (plain, with blank lines between paragraphs) as the editor's HTML. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** What a draft opens with in the compose form. */
export const draftStart = (row: EmailRow): ComposeStart => {
  const candidates = row.relatedTo.filter((entry) => entry.entityType === 'Candidate');
  return {
    draftId: row._id,
    subject: row.subject,
    body: row.textHtml ?? '',
    to: row.toEmails.map((entry) => entry.email),
    cc: row.ccEmails.map((entry) => entry.email),
    contactIds: row.contactIds,
    candidateIds: candidates.map((entry) => entry._id),
    known: [
      ...candidates.map((entry) => ({ value: entry._id, label: entry.itemId?.combined ?? entry._id })),
      ...((row as { contacts?: { _id: string; label: string | null }[] }).contacts ?? []).map((entry) => ({
        value: entry._id,
        label: entry.label ?? entry._id,
      })),
    ],
    relatedTo: row.relatedTo.filter((entry) => entry.entityType !== 'Candidate'),
  };
};

/** A reply: to whom the email was with, its subject with "Re:", in its thread. */
export const replyStart = (row: EmailRow): ComposeStart => ({
  inReplyToId: row._id,
  subject: /^re:/i.test(row.subject) ? row.subject : `Re: ${row.subject}`,
  to: row.direction === 'INBOUND' ? [row.fromEmail ?? ''].filter(Boolean) : [],
  contactIds: row.contactIds,
  candidateIds: row.relatedTo.filter((entry) => entry.entityType === 'Candidate').map((entry) => entry._id),
  relatedTo: row.relatedTo.filter((entry) => entry.entityType !== 'Candidate'),
});
