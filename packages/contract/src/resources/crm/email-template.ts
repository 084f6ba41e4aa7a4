import { z } from 'zod';
import { genericStatus } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

/** The automatic mails a template can stand in for (crm.md §3 Email template), with their labels. */
export const emailTemplateTypes = [
  'INTERVIEW_SCHEDULED',
  'INTERVIEW_FEEDBACK_REQUEST',
  'CANDIDATE_INFORMATION_FORM_REQUEST',
  'JOB_APPLICANT_REJECTION',
  'JOB_APPLICANT_OFFER_LETTER',
  'CREDENTIAL_GENERATED',
] as const;
export type EmailTemplateType = (typeof emailTemplateTypes)[number];
export const emailTemplateTypeLabels: Record<EmailTemplateType, string> = {
  INTERVIEW_SCHEDULED: 'Interview Scheduled',
  INTERVIEW_FEEDBACK_REQUEST: 'Interview Feedback Request',
  CANDIDATE_INFORMATION_FORM_REQUEST: 'Candidate Information Form Request',
  JOB_APPLICANT_REJECTION: 'Job Applicant Rejection',
  JOB_APPLICANT_OFFER_LETTER: 'Job Applicant Offer letter',
  CREDENTIAL_GENERATED: 'Credentials Mail',
};
export const emailTemplateType = z
  .enum(emailTemplateTypes, { error: `Template type must be one of ${emailTemplateTypes.join(', ')}` })
  .meta({ optionLabels: emailTemplateTypeLabels });

/**
 * What a template may say about the person it goes to (crm.md §3: the candidate's first and last
 * name, the organisation's name, designation, email, phone, the address's parts and the job's
 * title), written `{{firstName}}` and filled when the mail is sent.
 */
export const templateVariables = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'organisationName', label: 'Organisation name' },
  { key: 'designation', label: 'Designation' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'building', label: 'Address: building' },
  { key: 'street', label: 'Address: street' },
  { key: 'city', label: 'Address: city' },
  { key: 'county', label: 'Address: county' },
  { key: 'postCode', label: 'Address: postcode' },
  { key: 'country', label: 'Address: country' },
  { key: 'jobTitle', label: 'Job title' },
] as const;
export type TemplateVariable = (typeof templateVariables)[number]['key'];
export type TemplateValues = Partial<Record<TemplateVariable, string | null | undefined>>;

const variablePattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const knownVariables = new Set<string>(templateVariables.map((variable) => variable.key));

/** A template's text with each `{{variable}}` filled (empty where the record has no value); `escapeValue` for HTML. */
export const fillTemplate = (text: string, values: TemplateValues, escapeValue: (value: string) => string = (value) => value) =>
  text.replace(variablePattern, (token, key: string) =>
    knownVariables.has(key) ? escapeValue(values[key as TemplateVariable] ?? '') : token,
  );

/** A `{{name}}` that is no variable is refused, so a typo is caught when the template is saved, not in a candidate's inbox. */
const onlyKnownVariables = (text: string | null | undefined, context: z.RefinementCtx) => {
  for (const [, key] of (text ?? '').matchAll(variablePattern)) {
    if (!knownVariables.has(key as string)) {
      context.addIssue({
        code: 'custom',
        message: `{{${key}}} is not a variable: use ${templateVariables.map((v) => `{{${v.key}}}`).join(', ')}`,
      });
      return;
    }
  }
};

const subjectRequired = 'Please provide subject.';

const editable = z.object({
  title: z.string().trim().max(200).optional().nullable(),
  description: z.string().trim().max(1000).optional().nullable(),
  templateType: emailTemplateType.optional().nullable(),
  subject: z.string({ error: subjectRequired }).trim().min(1, subjectRequired).max(300).superRefine(onlyKnownVariables),
  content: z.string().max(50_000).optional().nullable().superRefine(onlyKnownVariables),
});

/**
 * An organisation's email template (crm.md §3 Email template): a subject and body with variables,
 * ACTIVE or INACTIVE (DECISIONS.md §8). The newest ACTIVE template of a type is what the automatic
 * mail of that type sends; without one, the built-in text.
 */
export const emailTemplate = defineResource({
  name: 'Email Template',
  table: 'email_templates',
  tenancy: 'organisation',
  access: { module: 'Email Template' },
  labelField: 'subject',
  fields: editable.extend({ status: genericStatus }),
  create: editable.extend({ status: genericStatus.default('ACTIVE') }).strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['title', 'subject', 'description'],
  filters: { status: filterValue(genericStatus), templateType: filterValue(emailTemplateType) },
  sortable: ['title', 'subject', 'updatedAt'],
  screen: {
    area: 'crm',
    path: 'email-templates',
    records: 'dialog',
    menu: { label: 'Email templates', icon: 'template', order: 142 },
  },
  calls: {
    create: { method: 'POST', path: '/email/templates/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/email/templates/', who: ['CRM_USER'] },
    setStatus: { method: 'POST', path: '/email/templates/change-status', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/email/templates/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/email/templates/list', who: ['CRM_USER'] },
    remove: { method: 'POST', path: '/email/templates/delete', who: ['CRM_USER'] },
  },
});
