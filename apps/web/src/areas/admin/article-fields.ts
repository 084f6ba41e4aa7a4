import { slugify } from '@app/contract/conventions/career';
import { articleStatus } from '@app/contract/resources/content/article';
import { enumOptions } from '../../kit/enum-options';
import type { FieldDescriptor, OptionsLoader } from '../../kit/field-descriptor';
import { allOf } from '../common/lookups';
import { adminAuthors } from './admin-resources';

const authorOptions: OptionsLoader = {
  key: 'authors',
  load: async () =>
    (await allOf(adminAuthors)).map((row) => ({ value: row._id, label: row.name })).sort((a, b) => a.label.localeCompare(b.label)),
};

const same = (text: string) => text;

/**
 * An article as it is written: the text in rich text, then what search engines read. The SEO
 * fields follow the title, summary and tags until someone types in them, so a first draft needs
 * only the writing.
 */
export const articleFields: FieldDescriptor[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  {
    name: 'slug',
    label: 'Address',
    kind: 'text',
    deriveFrom: { field: 'title', transform: slugify },
    description: 'The article is read at /articles/<this>: lower-case letters, digits and hyphens.',
  },
  { name: 'author', label: 'Author', kind: 'select', options: authorOptions, half: true, required: true },
  { name: 'status', label: 'Status', kind: 'select', options: enumOptions(articleStatus), half: true, required: true },
  { name: 'shortDesc', label: 'Short description', kind: 'textarea', required: true, description: 'Shown in lists of articles.' },
  { name: 'content', label: 'Article text', kind: 'richtext', required: true },
  { name: 'img', label: 'Image', kind: 'image', description: 'Shown above the article and beside it in the list of articles.' },
  { name: 'tags', label: 'Tags', kind: 'text', description: 'Separated by commas.' },
  { name: 'publishDate', label: 'Publish date', kind: 'date', half: true, description: 'Empty: the day it is published.' },
  { name: 'isFeatured', label: 'Featured', kind: 'switch', half: true, description: 'Featured articles come first.' },
  {
    name: 'meta_title',
    label: 'Meta title',
    kind: 'text',
    required: true,
    section: 'For search engines',
    deriveFrom: { field: 'title', transform: same },
  },
  {
    name: 'meta_description',
    label: 'Meta description',
    kind: 'textarea',
    required: true,
    section: 'For search engines',
    deriveFrom: { field: 'shortDesc', transform: same },
  },
  {
    name: 'meta_tags',
    label: 'Meta tags',
    kind: 'text',
    required: true,
    section: 'For search engines',
    deriveFrom: { field: 'tags', transform: same },
  },
];

/** The form's values from a saved article: its author by id and its tags as one line. */
export const articleFormValues = (record: { author?: { _id: string } | null; tags?: string[] } & Record<string, unknown>) => ({
  ...record,
  author: record.author?._id ?? '',
  tags: (record.tags ?? []).join(', '),
});

/** The payload from the form: tags as a list, and a publish date as the start of that day where the admin is. */
export const articlePayload = (payload: Record<string, unknown>) => {
  const body = { ...payload };
  if (typeof body.tags === 'string') {
    body.tags = body.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  }
  if (typeof body.publishDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.publishDate)) {
    body.publishDate = new Date(`${body.publishDate}T00:00:00`).toISOString();
  }
  return body;
};
