import { describe, expect, it } from 'vitest';
import { draftStart, type EmailRow, replyStart, textToHtml } from '../src/areas/crm/email-words';

const row = (values: Partial<EmailRow>): EmailRow =>
  ({
    _id: 'e1',
    subject: 'Role in Leeds',
    textHtml: '<p>Hi</p>',
    snippet: 'Hi',
    fromEmail: 'priya@agency.example',
    toEmails: [{ email: 'ellie@example.com', type: 'Candidate', remarks: 'Ellie' }],
    ccEmails: [],
    contactIds: [],
    relatedTo: [
      { _id: 'c1', entityType: 'Candidate', itemId: { combined: 'CAN-1' } },
      { _id: 'j1', entityType: 'CrmJob' },
    ],
    direction: 'OUTBOUND',
    date: '2026-11-28T10:00:00.000Z',
    threadId: '<a@x>',
    messageId: '<a@x>',
    inReplyTo: null,
    isBookMarked: false,
    inDraft: false,
    attachments: [],
    mailServiceProvider: 'SMTP',
    templateId: null,
    ...values,
  }) as EmailRow;

describe('the compose form’s words', () => {
  it('puts a template’s plain text into the editor as paragraphs, escaped, its variables kept', () => {
    expect(textToHtml('Dear {{firstName}},\n\nWe <really> liked you & your CV.\nThanks\n\n\n')).toBe(
      '<p>Dear {{firstName}},</p><p>We &lt;really&gt; liked you &amp; your CV.<br>Thanks</p>',
    );
    expect(textToHtml('')).toBe('');
  });

  it('answers a sent email to its candidates, in its thread, its subject once with Re:', () => {
    expect(replyStart(row({}))).toEqual({
      inReplyToId: 'e1',
      subject: 'Re: Role in Leeds',
      to: [],
      contactIds: [],
      candidateIds: ['c1'],
      relatedTo: [{ _id: 'j1', entityType: 'CrmJob' }],
    });
    const received = replyStart(row({ direction: 'INBOUND', subject: 'RE: Role in Leeds', fromEmail: 'ellie@example.com' }));
    expect(received).toMatchObject({ subject: 'RE: Role in Leeds', to: ['ellie@example.com'] });
  });

  it('opens a draft where it was left: its addresses, candidates by number, the rest it concerns', () => {
    expect(draftStart(row({ inDraft: true, ccEmails: [{ email: 'boss@agency.example' }] }))).toMatchObject({
      draftId: 'e1',
      to: ['ellie@example.com'],
      cc: ['boss@agency.example'],
      candidateIds: ['c1'],
      known: [{ value: 'c1', label: 'CAN-1' }],
      relatedTo: [{ _id: 'j1', entityType: 'CrmJob' }],
    });
  });
});
