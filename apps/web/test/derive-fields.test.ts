import { filterDateRange, filterId, filterValue } from '@app/contract/conventions/list';
import { defineResource } from '@app/contract/define-resource';
import { crmFeature, crmModule, crmPermission } from '@app/contract/resources/crm-access';
import { industry, language, skill } from '@app/contract/resources/job-board/lookups';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveDefaults, deriveFields, deriveFilters, labelOfKey, nounOf } from '../src/kit/derive-fields';
import { expandedLabel, expandedOptions } from '../src/kit/expansion';
import type { FieldDescriptor } from '../src/kit/field-descriptor';
import { tailor } from '../src/kit/tailor';

const contactFields = z.object({
  firstName: z.string().trim().min(1, 'Please enter first name').max(100),
  nickname: z.string().max(100).meta({ label: 'Known as' }).optional(),
  workEmail: z.string().trim().min(1).pipe(z.email('Please enter a valid email')),
  website: z.url().optional().nullable(),
  notes: z.string().max(5000).describe('Anything worth knowing').optional(),
  linkedInLink: z.string().max(500).optional(),
  bornOn: z.iso.date().optional(),
  lastSeenAt: z.iso.datetime({ offset: true }).optional(),
  yearsOfExperience: z.number().int().min(0).optional(),
  isVip: z.boolean().default(false),
  stage: z.enum(['NEW_LEAD', 'QUALIFIED']).default('NEW_LEAD'),
  channels: z.array(z.enum(['EMAIL', 'PHONE'])).default([]),
  tags: z.array(z.string().max(50)).default([]),
  address: z.object({ city: z.string() }).optional(),
  ownerId: z.string().optional(),
  clientId: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
});

const contact = defineResource({
  name: 'ContactPerson',
  table: 'contact_people',
  tenancy: 'organisation',
  labelField: 'firstName',
  references: { clientId: { resource: 'Industry', expandAs: 'client' } },
  fields: contactFields.extend({ openTasks: z.number().int() }),
  create: contactFields.extend({ password: z.string().min(8) }).strict(),
  update: contactFields.partial().extend({ _id: z.string() }).strict(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  search: ['firstName'],
  filters: {
    stage: filterValue(z.enum(['NEW_LEAD', 'QUALIFIED'])),
    isVip: filterValue(z.boolean()),
    clientId: filterId('clientId'),
    ownerId: filterId('ownerId'),
    createdAt: filterDateRange,
  },
  computed: ['openTasks'],
  calls: {
    list: { method: 'POST', path: '/contact/list', who: ['CRM_USER'] },
    create: { method: 'POST', path: '/contact', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/contact', who: ['CRM_USER'] },
    setStatus: { method: 'POST', path: '/contact/status', who: ['CRM_USER'] },
  },
});

const byName = (fields: readonly FieldDescriptor[]) => Object.fromEntries(fields.map((field) => [field.name, field]));

describe('labels', () => {
  test('come from the key when the schema names none', () => {
    expect(labelOfKey('firstName')).toBe('First name');
    expect(labelOfKey('moduleId')).toBe('Module');
    expect(labelOfKey('roleIds')).toBe('Roles');
    expect(labelOfKey('access_level')).toBe('Access level');
    expect(labelOfKey('isVerified', 'boolean')).toBe('Verified');
    expect(nounOf(contact)).toBe('contact person');
  });

  test('come from .meta({ label }) or .describe() when the schema has them', () => {
    const fields = byName(deriveFields(contact));
    expect(fields.nickname?.label).toBe('Known as');
    expect(fields.notes?.label).toBe('Anything worth knowing');
  });
});

describe('form fields', () => {
  const fields = byName(deriveFields(contact));

  test('take their kind from the schema', () => {
    expect(fields.firstName?.kind).toBe('text');
    expect(fields.workEmail?.kind).toBe('email');
    expect(fields.website?.kind).toBe('url');
    expect(fields.notes?.kind).toBe('textarea');
    expect(fields.linkedInLink?.kind).toBe('text');
    expect(fields.bornOn?.kind).toBe('date');
    expect(fields.yearsOfExperience?.kind).toBe('number');
    expect(fields.isVip).toMatchObject({ kind: 'switch', label: 'Vip' });
    expect(fields.stage).toMatchObject({
      kind: 'select',
      options: [
        { value: 'NEW_LEAD', label: 'New lead' },
        { value: 'QUALIFIED', label: 'Qualified' },
      ],
    });
    expect(fields.channels).toMatchObject({ kind: 'multiselect', options: [{ value: 'EMAIL', label: 'Email' }, { value: 'PHONE' }] });
    expect(fields.tags?.kind).toBe('tags');
  });

  test('leave out what has no input of its own: objects, timestamps, ids that are no reference, computed values, _id', () => {
    for (const name of ['address', 'lastSeenAt', 'ownerId', 'openTasks', '_id']) expect(fields[name]).toBeUndefined();
  });

  test('are required as the create schema says, in the create schema order, create-only ones in the create form alone', () => {
    expect(fields.firstName?.required).toBe(true);
    expect(fields.workEmail?.required).toBe(true);
    expect(fields.nickname?.required).toBe(false);
    expect(fields.isVip?.required).toBe(false);
    expect(fields.password).toMatchObject({ required: true, modes: ['create'] });
    expect(fields.firstName?.modes).toBeUndefined();
    expect(deriveFields(contact).map((field) => field.name)[0]).toBe('firstName');
  });

  test('leave the status to its own call in an edit, and clear nullable fields with null', () => {
    expect(fields.status?.modes).toEqual(['create']);
    expect(fields.website?.nullable).toBe(true);
    expect(fields.firstName?.nullable).toBe(false);
  });

  test('pick a reference by searching the referenced resource, named by its label field', () => {
    expect(fields.clientId).toMatchObject({ kind: 'select', label: 'Client', required: true });
    expect(fields.clientId?.reference).toEqual({ resource: industry, labelField: 'label', expandAs: 'client' });
  });

  test('of real definitions: a skill names its industry by a picker, a feature its module', () => {
    const skillFields = byName(deriveFields(skill));
    expect(Object.keys(skillFields)).toEqual(['label', 'value', 'industryId', 'isNew', 'type', 'status']);
    expect(skillFields.industryId).toMatchObject({ kind: 'select', label: 'Industry', nullable: true });
    expect(skillFields.industryId?.reference?.resource).toBe(industry);
    expect(skillFields.type).toMatchObject({ kind: 'select', required: false });
    expect(deriveDefaults(skill)).toEqual({ isNew: false, type: 'HARD', status: 'ACTIVE' });

    const featureFields = byName(deriveFields(crmFeature));
    expect(featureFields.moduleId).toMatchObject({ kind: 'select', label: 'Module', required: true });
    expect(featureFields.moduleId?.reference).toMatchObject({ resource: crmModule, labelField: 'title', expandAs: 'module' });
    // A language's create needs a status: the form asks for it.
    expect(byName(deriveFields(language)).status).toMatchObject({ kind: 'select', required: true, modes: ['create'] });
  });
});

describe('list columns', () => {
  const columns = deriveColumns<Record<string, unknown>>(contact);
  const byKey = Object.fromEntries(columns.map((column) => [column.key, column]));

  test('show each readable field of the response, in order, leaving out objects and unexpanded ids', () => {
    expect(columns.map((column) => column.key)).toEqual([
      'firstName',
      'nickname',
      'workEmail',
      'website',
      'notes',
      'linkedInLink',
      'bornOn',
      'lastSeenAt',
      'yearsOfExperience',
      'isVip',
      'stage',
      'channels',
      'tags',
      'clientId',
      'status',
      'openTasks',
    ]);
    expect(byKey.nickname?.header).toBe('Known as');
    expect(byKey.notes?.wrap).toBe(true);
  });

  test('show values in words', () => {
    const row = { isVip: true, stage: 'NEW_LEAD', channels: ['EMAIL', 'PHONE'], tags: ['a', 'b'], client: { _id: 'x', label: 'Acme' } };
    expect(byKey.isVip?.render?.(row)).toBe('Yes');
    expect(byKey.stage?.render?.(row)).toBe('New lead');
    expect(byKey.channels?.render?.(row)).toBe('Email, Phone');
    expect(byKey.tags?.render?.(row)).toBe('a, b');
    // A reference shows the label the server expanded beside it, opening the record where it has a place.
    expect(byKey.clientId?.header).toBe('Client');
    const cell = byKey.clientId?.render?.(row) as { props: { kind: string; expansion: unknown } };
    expect(cell.props).toEqual({ kind: 'Industry', expansion: { _id: 'x', label: 'Acme' } });
  });

  test('of a permission: its module and feature by their expanded labels', () => {
    const permissionColumns = deriveColumns<Record<string, unknown>>(crmPermission);
    expect(permissionColumns.map((column) => column.header)).toEqual(['Title', 'Module', 'Feature', 'Access level']);
    expect(
      expandedLabel([
        { _id: '1', label: 'Sales' },
        { _id: '2', label: 'Admin' },
      ]),
    ).toBe('Sales, Admin');
    // The same expansion names a picker's current value in an edit form.
    expect(expandedOptions({ _id: '1', label: 'Sales' })).toEqual([{ value: '1', label: 'Sales' }]);
    expect(expandedOptions(undefined)).toEqual([]);
  });
});

describe('list filters', () => {
  test('come from the definition: enums, yes/no and references; date ranges and plain ids have no control', () => {
    const filters = deriveFilters(contact);
    expect(filters.map((filter) => filter.key)).toEqual(['stage', 'isVip', 'clientId']);
    expect(filters[1]?.label).toBe('Vip');
    expect(filters[1]?.toFilter?.('true')).toBe(true);
    expect(filters[2]).toMatchObject({ label: 'Client', reference: { resource: industry, labelField: 'label' } });
    expect(deriveFilters(skill).map((filter) => filter.label)).toEqual(['Status', 'Industry', 'Type']);
  });
});

describe('tailoring', () => {
  const derived = deriveFields(crmFeature);
  const names = (fields: readonly FieldDescriptor[]) => fields.map((field) => field.name);

  test('keeps everything when told nothing', () => {
    expect(tailor(derived, (field) => field.name)).toEqual(derived);
  });

  test('picks and orders, omits, changes one field without restating the rest, and adds', () => {
    expect(names(tailor(derived, (field) => field.name, { pick: ['moduleId', 'title'] }))).toEqual(['moduleId', 'title']);
    expect(names(tailor(derived, (field) => field.name, { omit: ['modelName'] }))).toEqual(['title', 'value', 'moduleId']);
    const changed = tailor(derived, (field) => field.name, { change: { value: { label: 'Code', half: true } } });
    expect(byName(changed).value).toMatchObject({ label: 'Code', half: true, kind: 'text', required: true });
    const added = tailor(derived, (field) => field.name, {
      add: [{ name: 'conditions.scope', label: 'Scope', kind: 'text' }],
      pick: ['conditions.scope', 'title'],
    });
    expect(names(added)).toEqual(['conditions.scope', 'title']);
  });

  test('refuses a key that matches nothing, rather than quietly showing less', () => {
    expect(() => tailor(derived, (field) => field.name, { omit: ['modelname'] })).toThrow('No field or column modelname to tailor');
  });
});
