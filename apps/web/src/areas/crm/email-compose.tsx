import { candidate } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { email, sendEmail } from '@app/contract/resources/crm/email';
import { emailTemplate, fillTemplate, type TemplateValues, templateVariables } from '@app/contract/resources/crm/email-template';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../kit/api';
import { useCan } from '../../kit/can';
import { comboboxProps } from '../../kit/combobox';
import { HtmlPreview } from '../../kit/html-preview';
import { InsertableText } from '../../kit/insertable-text';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { RichTextInput } from '../../kit/rich-text-input';
import { useSession } from '../../kit/session';
import { useCall, useCreate, useDetails, useList, useUpdate } from '../../kit/use-resource';
import { type ComposeStart, escapeHtml, textToHtml } from './email-words';

export type { ComposeStart };

const variables = { label: 'Insert a variable', options: templateVariables.map(({ key, label }) => ({ value: `{{${key}}}`, label })) };

const looksLikeAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** What the first candidate chosen would receive: the subject and body filled as the server fills them. */
const FirstRecipientPreview = ({ candidateId, subject, body }: { candidateId?: string; subject: string; body: string }) => {
  const { user } = useSession();
  const person = useDetails(candidate, candidateId);
  if (!candidateId || !person.data || !/\{\{/.test(`${subject}${body}`)) return null;
  const address = person.data.address ?? {};
  const values: TemplateValues = {
    firstName: person.data.name.first,
    lastName: person.data.name.last,
    organisationName: user?.organisationName,
    designation: (person.data.preferences as { currentJobTitle?: string } | null | undefined)?.currentJobTitle,
    email: person.data.email,
    phone: person.data.phone,
    building: address.building,
    street: address.street,
    city: address.city,
    county: address.county,
    postCode: address.postCode,
    country: address.country,
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        As {person.data.name.fullName || person.data.email} will receive it: {fillTemplate(subject, values)}
      </Text>
      <HtmlPreview html={fillTemplate(body, values, escapeHtml)} title={`Preview for ${person.data.name.fullName}`} height={200} />
    </Stack>
  );
};

/**
 * Writing an email: to candidates and contacts picked by name and to typed addresses, copied to
 * others; a template's subject and body put in (its variables stay, filled for each recipient as it
 * is sent, and the first candidate's copy is previewed); sent to each on their own, or kept as a draft.
 */
export const ComposeEmail = ({ start, onClose }: { start: ComposeStart; onClose: () => void }) => {
  const can = useCan();
  const [candidateIds, setCandidateIds] = useState<string[]>(start.candidateIds ?? []);
  const [contactIds, setContactIds] = useState<string[]>(start.contactIds ?? []);
  const [to, setTo] = useState<string[]>(start.to ?? []);
  const [cc, setCc] = useState<string[]>(start.cc ?? []);
  const [subject, setSubject] = useState(start.subject ?? '');
  const [body, setBody] = useState(start.body ?? '');
  const [bodyVersion, setBodyVersion] = useState(0);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draftId, setDraftId] = useState(start.draftId);
  const mayTemplates = can.do(emailTemplate, 'list');
  const templates = useList(emailTemplate, { filter: { status: 'ACTIVE' }, limit: 'ALL' }, { enabled: mayTemplates });
  const send = useCall(sendEmail, { invalidates: [email] });
  const create = useCreate(email);
  const update = useUpdate(email);
  const mayCandidates = can.do(candidate, 'list');
  const mayContacts = can.do(contact, 'list');

  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    const template = templates.data?.results.find((row) => row._id === id);
    if (!template) return;
    setSubject(template.subject);
    setBody(textToHtml(template.content ?? ''));
    setBodyVersion((version) => version + 1);
  };

  const failed = (error: unknown) => {
    if (isApiError(error) && error.errors.length > 0) {
      const named: Record<string, string> = {};
      for (const item of error.errors) {
        const field = item.field.split('.')[0] ?? '';
        const key = field === 'textHtml' ? 'body' : ['candidateIds', 'to'].includes(field) ? 'contactIds' : field;
        named[key] ??= item.message;
      }
      setErrors(named);
    }
    notifyFailure(error);
  };

  const relatedTo = [...(start.relatedTo ?? []), ...candidateIds.map((id) => ({ _id: id, entityType: 'Candidate' }))].filter(
    (entry, index, all) => all.findIndex((other) => other._id === entry._id) === index,
  );

  const submit = async () => {
    setErrors({});
    const badAddress = [...to, ...cc].find((address) => !looksLikeAddress(address));
    if (badAddress) {
      setErrors({ to: `${badAddress} is not an email address` });
      return;
    }
    try {
      const answer = await send.mutateAsync({
        candidateIds,
        contactIds,
        to: to.map((address) => ({ email: address })),
        cc,
        subject,
        body,
        relatedTo: (start.relatedTo ?? []).filter((entry) => entry.entityType !== 'Candidate'),
        ...(templateId ? { templateId } : {}),
        ...(start.inReplyToId ? { inReplyToId: start.inReplyToId } : {}),
        ...(draftId ? { draftId } : {}),
      });
      notifySuccess(`Email sent to ${answer.sent} ${answer.sent === 1 ? 'recipient' : 'recipients'}`);
      onClose();
    } catch (error) {
      failed(error);
    }
  };

  const saveDraft = async () => {
    setErrors({});
    const values = {
      subject,
      textHtml: body,
      toEmails: to.filter(looksLikeAddress).map((address) => ({ email: address })),
      ccEmails: cc.filter(looksLikeAddress).map((address) => ({ email: address })),
      contactIds,
      relatedTo,
    };
    try {
      if (draftId) await update.mutateAsync({ _id: draftId, ...values });
      else setDraftId((await create.mutateAsync(values))._id);
      notifySuccess('Draft saved');
    } catch (error) {
      failed(error);
    }
  };

  const busy = send.isPending || create.isPending || update.isPending;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {mayCandidates && (
          <ReferencePicker
            label="To candidates"
            multiple
            target={{ resource: candidate, labelField: 'name.fullName' }}
            value={candidateIds}
            known={start.known}
            onChange={(value) => setCandidateIds(value as string[])}
            error={errors.contactIds}
          />
        )}
        {mayContacts && (
          <ReferencePicker
            label="To contacts"
            multiple
            target={{ resource: contact, labelField: 'profile.name.fullName' }}
            value={contactIds}
            known={start.known}
            onChange={(value) => setContactIds(value as string[])}
            error={mayCandidates ? undefined : errors.contactIds}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagsInput
          label="To addresses"
          description="Type an address and press Enter"
          value={to}
          onChange={setTo}
          error={errors.to}
          splitChars={[',', ' ', ';']}
          comboboxProps={comboboxProps}
        />
        <TagsInput
          label="Cc"
          description="Copied on each mail"
          value={cc}
          onChange={setCc}
          error={errors.cc}
          splitChars={[',', ' ', ';']}
          comboboxProps={comboboxProps}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Each recipient gets a mail of their own, with the variables filled in for them: no one sees the others’ addresses.
      </Text>
      {mayTemplates && (
        <Select
          label="Template"
          placeholder="Start from a template"
          data={(templates.data?.results ?? []).map((row) => ({ value: row._id, label: row.title || row.subject }))}
          value={templateId}
          onChange={chooseTemplate}
          clearable
          searchable
          comboboxProps={comboboxProps}
        />
      )}
      <InsertableText
        multiline={false}
        label="Subject"
        required
        withAsterisk={false}
        classNames={{ label: 'required-label' }}
        value={subject}
        onChange={setSubject}
        insertable={variables}
        error={errors.subject}
      />
      <RichTextInput
        key={bodyVersion}
        label="Body"
        required
        classNames={{ label: 'required-label' }}
        value={body}
        onChange={setBody}
        insertable={variables}
        error={errors.body}
      />
      <FirstRecipientPreview candidateId={candidateIds[0]} subject={subject} body={body} />
      {!mayCandidates && !mayContacts && (
        <Alert color="gray">You may send to typed addresses only: your role does not let you read candidates or contacts.</Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {can.do(email, draftId ? 'update' : 'create') && (
          <Button variant="light" onClick={saveDraft} loading={create.isPending || update.isPending} disabled={send.isPending}>
            Save draft
          </Button>
        )}
        <Button onClick={submit} loading={send.isPending} disabled={create.isPending || update.isPending}>
          Send
        </Button>
      </Group>
    </Stack>
  );
};

/** The compose form in a dialog; `start` null keeps it closed. */
export const ComposeEmailModal = ({ start, onClose }: { start: ComposeStart | null; onClose: () => void }) => (
  <Modal opened={start !== null} onClose={onClose} title={start?.inReplyToId ? 'Reply' : 'New email'} size="xl">
    {start && <ComposeEmail start={start} onClose={onClose} />}
  </Modal>
);
