import { z } from 'zod';
import { PLATFORM } from '../../access';
import {
  address,
  email,
  genericStatus,
  isoDate,
  isPhoneNumber,
  linkedInLinkField,
  phoneNumberMessage,
  uploadedFile,
  websiteField,
} from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, filterValue, listResult } from '../../conventions/list';
import { recordId, recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';

const required = (message: string, max = 1000) => z.string({ error: message }).trim().min(1, message).max(max);
const text = (max = 1000) => z.string().trim().max(max).optional().nullable();
const slugPattern = /^[a-z0-9-]+$/;
export const slugMessage = 'Only a-z, 0-9 and "-" are allowed.';
const slug = (missing = 'Please enter slug') =>
  z.string({ error: missing }).trim().min(1, missing).max(200).regex(slugPattern, slugMessage);
const phone = z
  .string({ error: 'Please enter phone' })
  .trim()
  .min(12, 'Phone must be at least 12 characters.')
  .max(30)
  .refine(isPhoneNumber, phoneNumberMessage);

/** What the public sees of a record: not who wrote it. */
const internalFields = { ownerId: true, createdBy: true, updatedBy: true } as const;

/** The `{id}` of a DELETE path, merged into the input by the engine. */
const pathId = z.object({ id: mongoId() }).strict();

// --- Authors -----------------------------------------------------------------------------------

const authorFields = z.object({
  name: required('Please enter name', 200),
  fullName: text(200),
  profile: text(5000),
  img: uploadedFile.nullable().optional(),
});
export const author = defineResource({
  name: 'Author',
  table: 'authors',
  tenancy: 'platform',
  fields: authorFields,
  create: authorFields.strict(),
  update: authorFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['name', 'fullName'],
  filters: {},
  screen: { area: 'admin', path: 'authors', menu: { group: 'Content', label: 'Authors', icon: 'address-book', order: 50 } },
  calls: {
    create: { method: 'POST', path: '/article/author/create', who: PLATFORM },
    update: { method: 'POST', path: '/article/author/update', who: PLATFORM },
    details: { method: 'POST', path: '/article/author/find', who: PLATFORM },
    list: { method: 'POST', path: '/article/author/list', who: PLATFORM },
  },
});

/** DELETE /article/author/{id}: the id travels in the path. */
export const removeAuthor = defineWorkflow({
  name: 'removeAuthor',
  tag: 'Author',
  method: 'DELETE',
  path: '/article/author/{id}',
  who: PLATFORM,
  input: pathId,
  output: recordId,
});

// --- Articles ----------------------------------------------------------------------------------

export const articleStatuses = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export const articleStatus = z.enum(articleStatuses, { error: 'Status must be DRAFT, PUBLISHED or ARCHIVED' });

/** An article carries a copy of its author's card, taken when the author is chosen. */
const authorCard = z.object({
  _id: z.string(),
  name: z.string(),
  fullName: z.string().nullable().optional(),
  profile: z.string().nullable().optional(),
});

const articleInput = z.object({
  title: required('Please enter title.', 300),
  /** Made from the title when left out. */
  slug: slug().optional(),
  content: required('Please enter content.', 500_000),
  meta_description: required('Please enter meta description.'),
  meta_tags: required('Please enter meta tags.'),
  meta_title: required('Please enter meta title.', 300),
  shortDesc: required('Please enter short description.', 2000),
  tags: z.array(z.string().trim().max(100)).max(50).default([]),
  img: uploadedFile.nullable().optional(),
  author: z.string({ error: 'Please select an author' }).regex(/^[0-9a-f]{24}$/, 'Please select an author'),
  isFeatured: z.boolean().default(false),
  /** Set to the moment of publishing when an article is published without one. */
  publishDate: isoDate.nullable().optional(),
  status: articleStatus.default('DRAFT'),
});
const articleFields = articleInput.extend({ slug: z.string(), author: authorCard.nullable() });

export const article = defineResource({
  name: 'Article',
  table: 'articles',
  tenancy: 'platform',
  fields: articleFields,
  create: articleInput.strict(),
  update: articleInput.partial().extend({ _id: mongoId() }).strict(),
  status: articleStatus,
  search: ['title', 'shortDesc', 'slug', 'meta_tags'],
  filters: { status: filterValue(articleStatus), isFeatured: filterValue(z.boolean()) },
  unique: [{ fields: ['slug'], message: 'This slug is already in use' }],
  screen: { area: 'admin', path: 'articles', menu: { group: 'Content', label: 'Articles', icon: 'news', order: 40 } },
  calls: {
    create: { method: 'POST', path: '/article/', who: PLATFORM },
    update: { method: 'POST', path: '/article/update', who: PLATFORM },
    details: { method: 'POST', path: '/article/find', who: PLATFORM },
    list: { method: 'POST', path: '/admin/articles/list', who: PLATFORM },
    setStatus: { method: 'POST', path: '/article/status-change', who: PLATFORM },
    remove: { method: 'POST', path: '/admin/articles/delete-article', who: PLATFORM },
  },
});

/** An article as the public reads it. */
export const publicArticleRecord = recordSchema(article).omit(internalFields);

/** The public list: published articles whose publish date has come, featured first. */
export const publicArticles = defineWorkflow({
  name: 'publicArticles',
  tag: 'Article',
  method: 'POST',
  path: '/article/list',
  who: ['public'],
  input: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(10),
      search: z.string().max(200).default(''),
      filter: z
        .object({ isFeatured: z.boolean().optional(), tag: z.string().max(100).optional() })
        .strict()
        .default({}),
    })
    .strict(),
  output: listResult(publicArticleRecord),
});

export const articleBySlug = defineWorkflow({
  name: 'articleBySlug',
  tag: 'Article',
  method: 'POST',
  path: '/article/details-by-slug',
  who: ['public'],
  input: z.object({ slug: slug() }).strict(),
  output: publicArticleRecord,
});

// --- Admin notes -------------------------------------------------------------------------------

const noteFields = z.object({ userId: mongoId('userId'), note: required('Please enter note', 5000) });
export const adminNote = defineResource({
  name: 'AdminNote',
  table: 'admin_notes',
  tenancy: 'platform',
  fields: noteFields,
  create: noteFields.strict(),
  update: noteFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['note'],
  filters: { userId: filterId('userId') },
  calls: {
    create: { method: 'POST', path: '/admin/note/add-note', who: PLATFORM },
    update: { method: 'POST', path: '/admin/note/update-note', who: PLATFORM },
    list: { method: 'POST', path: '/admin/note/get-notes', who: PLATFORM },
  },
});

// --- Engagement templates ----------------------------------------------------------------------

const templateFields = z.object({ name: required('Please enter name', 200), content: required('Please enter content', 200_000) });
export const engagementTemplate = defineResource({
  name: 'EngagementTemplate',
  table: 'engagement_templates',
  tenancy: 'platform',
  fields: templateFields,
  create: templateFields.strict(),
  update: templateFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['name'],
  filters: {},
  screen: { area: 'admin', path: 'templates', menu: { group: 'Content', label: 'Engagement templates', icon: 'template', order: 60 } },
  calls: {
    create: { method: 'POST', path: '/admin/engagement/template', who: PLATFORM },
    update: { method: 'POST', path: '/admin/engagement/template/update', who: PLATFORM },
    list: { method: 'POST', path: '/admin/engagement/template/list/admin', who: PLATFORM },
  },
});

export const removeEngagementTemplate = defineWorkflow({
  name: 'removeEngagementTemplate',
  tag: 'EngagementTemplate',
  method: 'DELETE',
  path: '/admin/engagement/template/{id}',
  who: PLATFORM,
  input: pathId,
  output: recordId,
});

// --- Employee business cards -------------------------------------------------------------------

const cardFields = z.object({
  name: required('Please enter the name shown on the card', 200),
  profileImg: uploadedFile.nullable().optional(),
  address: address.nullable().optional(),
  email: email().nullable().optional(),
  phone,
  mobile: text(30),
  designation: text(200),
  linkedInLink: linkedInLinkField().optional().nullable(),
  status: genericStatus.default('ACTIVE'),
  slug: slug(),
  website: websiteField().optional().nullable(),
  isWhatsapp: z.boolean().default(false),
});
export const employeeCard = defineResource({
  name: 'EmployeeCard',
  table: 'employee_cards',
  tenancy: 'platform',
  fields: cardFields,
  create: cardFields.strict(),
  update: cardFields.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['name', 'designation', 'email', 'slug'],
  filters: { status: filterValue(genericStatus) },
  unique: [{ fields: ['slug'], message: 'This slug is already in use' }],
  screen: { area: 'admin', path: 'cards', menu: { group: 'Content', label: 'Employee cards', icon: 'id', order: 70 } },
  calls: {
    create: { method: 'POST', path: '/admin/employee/card/add', who: PLATFORM },
    update: { method: 'POST', path: '/admin/employee/card/update', who: PLATFORM },
    list: { method: 'POST', path: '/admin/employee/card/list', who: PLATFORM },
    details: { method: 'POST', path: '/admin/employee/card/get-details', who: PLATFORM },
    setStatus: { method: 'POST', path: '/admin/employee/card/status-update', who: PLATFORM },
  },
});

/** A business card as the public sees it. */
export const publicCardRecord = recordSchema(employeeCard).omit(internalFields);

export const employeeCardWhatsApp = defineWorkflow({
  name: 'employeeCardWhatsApp',
  tag: 'EmployeeCard',
  method: 'POST',
  path: '/admin/employee/card/updateWhatsAppVerification',
  who: PLATFORM,
  input: z.object({ _id: mongoId(), isWhatsapp: z.boolean({ error: 'isWhatsapp must be true or false' }) }).strict(),
  output: recordSchema(employeeCard),
});

export const publicCardDetails = defineWorkflow({
  name: 'publicCardDetails',
  tag: 'EmployeeCard',
  method: 'POST',
  path: '/employee/businesscard/get-details',
  who: ['public'],
  input: z.object({ _id: mongoId() }).strict(),
  output: publicCardRecord,
});

export const publicCardBySlug = defineWorkflow({
  name: 'publicCardBySlug',
  tag: 'EmployeeCard',
  method: 'POST',
  path: '/employee/businesscard/get-details-by-slug',
  who: ['public'],
  input: z.object({ slug: slug() }).strict(),
  output: publicCardRecord,
});

export const publicCards = defineWorkflow({
  name: 'publicCards',
  tag: 'EmployeeCard',
  method: 'POST',
  path: '/employee/businesscard/list',
  who: ['public'],
  input: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(10),
      search: z.string().max(200).default(''),
      filter: z.object({}).strict().default({}),
    })
    .strict(),
  output: listResult(publicCardRecord),
});

// --- Contact queries ---------------------------------------------------------------------------

const contactFields = z.object({
  contactName: text(200),
  phone,
  email: email(),
  content: required('Please enter message', 10_000),
  status: z.string().optional(),
  isReplied: z.boolean().optional(),
  clientId: z.string().nullable().optional(),
  threadId: z.string().nullable().optional(),
});
/** What the public sends: `message` is taken as another name for `content`. */
const contactInput = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const { message, ...rest } = raw as Record<string, unknown>;
  return message !== undefined && rest.content === undefined ? { ...rest, content: message } : rest;
}, contactFields.pick({ contactName: true, phone: true, email: true, content: true }).strict());
export const contactQuery = defineResource({
  name: 'ContactQuery',
  table: 'contact_queries',
  tenancy: 'platform',
  fields: contactFields,
  create: contactInput,
  update: z.object({ _id: mongoId() }).strict(),
  search: ['contactName', 'email', 'phone', 'content'],
  filters: { isReplied: filterValue(z.boolean()) },
  screen: { area: 'admin', path: 'contact-queries', menu: { label: 'Contact queries', icon: 'inbox', order: 10 } },
  calls: {
    create: { method: 'POST', path: '/contact/', who: ['public'] },
    list: { method: 'POST', path: '/contact/list', who: PLATFORM },
  },
});

export const setContactThread = defineWorkflow({
  name: 'setContactThread',
  tag: 'ContactQuery',
  method: 'POST',
  path: '/contact/set-contact-thread',
  who: PLATFORM,
  input: z
    .object({
      clientId: z.string({ error: 'clientId must be a string' }).trim().min(1, 'clientId must be a string').max(500),
      messageId: z.string({ error: 'messageId must be a string' }).trim().min(1, 'messageId must be a string').max(500),
      _id: mongoId().optional(),
    })
    .strict(),
  output: z.union([recordSchema(contactQuery), z.array(recordSchema(contactQuery))]),
});

/**
 * Answers a contact query by mail to its address, then records the thread as set-contact-thread
 * does (the sent mail's Message-ID, the outbox row as clientId) and marks it REPLIED.
 */
export const replyToContact = defineWorkflow({
  name: 'replyToContact',
  tag: 'ContactQuery',
  method: 'POST',
  path: '/contact/reply',
  who: PLATFORM,
  summary: 'Mails a reply to a contact query and marks it REPLIED (not in the spec)',
  input: z
    .object({
      _id: mongoId(),
      subject: required('Please enter subject', 300),
      message: required('Please enter message', 20_000),
    })
    .strict(),
  output: recordSchema(contactQuery),
});
