import {
  coverLetterSection,
  coverLetterSuggestion,
  coverLetterTemplate,
  reorderCoverLetterSection,
  seekerCoverLetterSections,
} from '@app/contract/resources/job-board/cover-letter';
import { describe, expect, it } from 'vitest';
import { type BoardWorld, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const sections = coverLetterSection.calls;
const suggestions = coverLetterSuggestion.calls;
const missingId = 'a'.repeat(24);

const order = async () => {
  const { body } = await call(t.app, sections.list!, { limit: 'ALL' }, w.platformAdmin.token);
  return body.data.results as { _id: string; value: string; orderNumber: number }[];
};

const aSection = async (overrides: Record<string, unknown> = {}) => {
  const { status, body } = await call(
    t.app,
    sections.create!,
    {
      label: 'Availability',
      value: unique('availability-'),
      description: 'When you could start',
      variables: [{ label: 'Start date', value: 'startDate', type: 'DATE' }],
      subSections: [{ label: 'Notice period' }],
      ...overrides,
    },
    w.platformAdmin.token,
  );
  expect(status, `${body.message} ${JSON.stringify(body.data)}`).toBe(200);
  return body.data as Record<string, any> & { _id: string };
};

describe('Admin: /admin/cover-letter/section/*', () => {
  it('add goes last (or where asked), sub-sections get ids; get answers the section with its suggestions', async () => {
    const before = await order();
    const added = await aSection();
    expect(added.orderNumber).toBe(before.length);
    expect(added.subSections[0]._id).toMatch(/^[0-9a-f]{24}$/);
    expect(added.variables[0]).toMatchObject({ label: 'Start date', value: 'startDate', type: 'DATE', selectOptions: [] });
    const early = await aSection({ orderNumber: 1 });
    const now = await order();
    expect(now[1]!._id).toBe(early._id);
    expect(now.map((section) => section.orderNumber)).toEqual(now.map((_, index) => index));
    const got = await call(t.app, sections.details!, { _id: added._id }, w.root);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ _id: added._id, suggestions: [] });
  });

  it('update changes what is sent; update-order moves one and shifts the rest', async () => {
    const section = await aSection();
    const updated = await call(
      t.app,
      sections.update!,
      { _id: section._id, label: 'When I can start', isDraggable: false },
      w.platformAdmin.token,
    );
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data).toMatchObject({ label: 'When I can start', isDraggable: false, description: 'When you could start' });
    const moved = await call(t.app, reorderCoverLetterSection, { _id: section._id, orderNumber: 0 }, w.platformAdmin.token);
    expect(moved.status, moved.body.message).toBe(200);
    const now = await order();
    expect(now[0]!._id).toBe(section._id);
    expect(now.map((s) => s.orderNumber)).toEqual(now.map((_, index) => index));
    // Past the end means last.
    await call(t.app, reorderCoverLetterSection, { _id: section._id, orderNumber: 999 }, w.platformAdmin.token);
    const last = await order();
    expect(last.at(-1)!._id).toBe(section._id);
    expect(last.map((s) => s.orderNumber)).toEqual(last.map((_, index) => index));
  });

  it('messages: label, value pattern, duplicate value, variable names, bad ids', async () => {
    const expectMessage = async (input: Record<string, unknown>, status: number, message: string) => {
      const answer = await call(t.app, sections.create!, { label: 'X', value: unique('x-'), ...input }, w.platformAdmin.token);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
    };
    await expectMessage({ label: '' }, 400, 'Please enter label');
    await expectMessage({ value: 'Has Spaces' }, 400, 'Only a-z, 0-9 and "-" are allowed.');
    await expectMessage({ value: 'opening' }, 409, 'A section with this value already exists');
    await expectMessage(
      { variables: [{ label: 'Bad', value: '1bad' }] },
      400,
      'A variable name is letters, digits and _, starting with a letter',
    );
    await expectMessage({ type: 'POEM' }, 400, 'Type must be GREETING, PARAGRAPH, CLOSING or SIGNATURE');
    expect((await call(t.app, sections.details!, { _id: 'nope' }, w.root)).body.message).toBe('_id must be a valid mongoId');
    expect((await call(t.app, sections.details!, { _id: missingId }, w.root)).status).toBe(404);
    expect((await call(t.app, reorderCoverLetterSection, { _id: missingId, orderNumber: 0 }, w.root)).status).toBe(404);
  });

  it('inactive sections leave the seeker’s builder', async () => {
    const section = await aSection();
    await call(t.app, sections.update!, { _id: section._id, status: 'INACTIVE' }, w.platformAdmin.token);
    const seen = await call(t.app, seekerCoverLetterSections, {}, w.seeker.token);
    expect(seen.body.data.results.map((s: { _id: string }) => s._id)).not.toContain(section._id);
  });
});

describe('Admin: /admin/cover-letter/suggestion/*', () => {
  it('add, update, list by section; the seeker sees active ones under their section', async () => {
    const section = await aSection();
    const sub = section.subSections[0]._id as string;
    const added = await call(
      t.app,
      suggestions.create!,
      {
        sectionId: section._id,
        content: '<p>I can start on {{startDate}}.<script>x</script></p>',
        variables: [{ label: 'Start date', value: 'startDate' }],
      },
      w.platformAdmin.token,
    );
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data.content).toBe('<p>I can start on {{startDate}}.</p>');
    const forSub = await call(t.app, suggestions.create!, { sectionId: section._id, subSectionId: sub, content: 'One month' }, w.root);
    expect(forSub.status).toBe(200);
    const updated = await call(t.app, suggestions.update!, { _id: forSub.body.data._id, content: 'Four weeks' }, w.root);
    expect(updated.body.data).toMatchObject({ content: 'Four weeks', subSectionId: sub });
    const list = await call(t.app, suggestions.list!, { filter: { sectionId: section._id } }, w.root);
    expect(list.body.data.totalResults).toBe(2);
    await call(t.app, suggestions.update!, { _id: added.body.data._id, status: 'INACTIVE' }, w.root);
    const seen = await call(t.app, seekerCoverLetterSections, {}, w.seeker.token);
    const mine = seen.body.data.results.find((s: { _id: string }) => s._id === section._id);
    expect(mine.suggestions.map((s: { content: string }) => s.content)).toEqual(['Four weeks']);
    const got = await call(t.app, sections.details!, { _id: section._id }, w.root);
    expect(got.body.data.suggestions).toHaveLength(2);
  });

  it('messages: content required, the section must exist, the sub-section must be its own', async () => {
    const section = await aSection();
    const answer = async (input: Record<string, unknown>) => call(t.app, suggestions.create!, input, w.root);
    expect((await answer({ sectionId: section._id, content: ' ' })).body.message).toBe('Please enter content');
    expect((await answer({ sectionId: 'bad', content: 'x' })).body.message).toBe('sectionId must be a valid mongoId');
    expect((await answer({ sectionId: missingId, content: 'x' })).status).toBe(404);
    const wrongSub = await answer({ sectionId: section._id, subSectionId: missingId, content: 'x' });
    expect(wrongSub.status).toBe(400);
    expect(wrongSub.body.message).toBe('This sub-section is not part of the section');
  });
});

describe('Admin: /admin/cover-letter/template/add', () => {
  it('a template names a built-in layout; seekers list only active ones', async () => {
    const slug = unique('blue-letter-');
    const added = await call(
      t.app,
      coverLetterTemplate.calls.create!,
      { title: 'Blue', slug, layout: 'modern', defaultAccentColor: '#0000FF', isDocx: false },
      w.platformAdmin.token,
    );
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject({ slug, layout: 'modern', defaultAccentColor: '#0000ff', isDocx: false, status: 'ACTIVE' });
    const hidden = await call(
      t.app,
      coverLetterTemplate.calls.create!,
      { title: 'Hidden', slug: unique('hidden-'), layout: 'classic', status: 'INACTIVE' },
      w.root,
    );
    const seekerList = await call(t.app, coverLetterTemplate.calls.list!, { limit: 'ALL' }, w.seeker.token);
    const seen = seekerList.body.data.results.map((template: { slug: string }) => template.slug);
    expect(seen).toContain(slug);
    expect(seen).not.toContain(hidden.body.data.slug);
    const companyList = await call(t.app, coverLetterTemplate.calls.list!, { limit: 'ALL' }, w.company.token);
    expect(companyList.body.data.results.map((template: { slug: string }) => template.slug)).not.toContain(hidden.body.data.slug);
    const adminList = await call(t.app, coverLetterTemplate.calls.list!, { limit: 'ALL' }, w.root);
    expect(adminList.body.data.results.map((template: { slug: string }) => template.slug)).toContain(hidden.body.data.slug);
  });

  it('update (beyond the spec) changes what is sent; switching a template off hides it from seekers', async () => {
    const slug = unique('green-letter-');
    const added = await call(t.app, coverLetterTemplate.calls.create!, { title: 'Green', slug, layout: 'compact' }, w.root);
    const updated = await call(
      t.app,
      coverLetterTemplate.calls.update!,
      { _id: added.body.data._id, title: 'Forest', status: 'INACTIVE' },
      w.platformAdmin.token,
    );
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'Forest', slug, layout: 'compact', status: 'INACTIVE' });
    const seen = await call(t.app, coverLetterTemplate.calls.list!, { limit: 'ALL' }, w.seeker.token);
    expect(seen.body.data.results.map((template: { slug: string }) => template.slug)).not.toContain(slug);
    expect((await call(t.app, coverLetterTemplate.calls.update!, { _id: added.body.data._id, slug: 'classic' }, w.root)).status).toBe(409);
    expect((await call(t.app, coverLetterTemplate.calls.update!, { _id: added.body.data._id, layout: 'x' }, w.root)).body.message).toBe(
      'Layout must be one of classic, modern, compact',
    );
    expect((await call(t.app, coverLetterTemplate.calls.update!, { _id: missingId, title: 'X' }, w.root)).status).toBe(404);
    expect((await call(t.app, coverLetterTemplate.calls.update!, { _id: missingId, title: 'X' }, w.seeker.token)).status).toBe(403);
  });

  it('messages: title, slug pattern, layout, duplicate slug; no uploaded template code', async () => {
    const answer = (input: Record<string, unknown>) => call(t.app, coverLetterTemplate.calls.create!, input, w.root);
    expect((await answer({ slug: 'x', layout: 'classic' })).body.message).toBe('Please enter title');
    expect((await answer({ title: 'X', slug: 'Bad Slug', layout: 'classic' })).body.message).toBe('Only a-z, 0-9 and "-" are allowed.');
    expect((await answer({ title: 'X', slug: 'fancy', layout: 'fancy' })).body.message).toBe(
      'Layout must be one of classic, modern, compact',
    );
    expect((await answer({ title: 'X', slug: unique('no-layout-') })).body.message).toBe(
      'Please choose the layout that draws it: classic, modern, compact',
    );
    const duplicate = await answer({ title: 'X', slug: 'classic' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A template with this slug already exists');
    expect((await answer({ title: 'X', slug: unique('ejs-'), layout: 'classic', ejsFile: { blobName: 'x.ejs' } })).body.message).toBe(
      'Unknown field: ejsFile',
    );
  });
});

describe('Admin cover-letter calls are for platform admins', () => {
  it('seekers, companies and CRM users get 403; nobody signed in gets 401', async () => {
    const section = (await order())[0]!;
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, sections.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, sections.create!, { label: 'X', value: unique('x-') }, token)).status).toBe(403);
      expect((await call(t.app, sections.update!, { _id: section._id, label: 'X' }, token)).status).toBe(403);
      expect((await call(t.app, sections.details!, { _id: section._id }, token)).status).toBe(403);
      expect((await call(t.app, reorderCoverLetterSection, { _id: section._id, orderNumber: 0 }, token)).status).toBe(403);
      expect((await call(t.app, suggestions.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, suggestions.create!, { sectionId: section._id, content: 'x' }, token)).status).toBe(403);
      expect((await call(t.app, suggestions.update!, { _id: missingId, content: 'x' }, token)).status).toBe(403);
      expect(
        (await call(t.app, coverLetterTemplate.calls.create!, { title: 'X', slug: unique('x-'), layout: 'classic' }, token)).status,
      ).toBe(403);
    }
    expect((await call(t.app, sections.list!, {})).status).toBe(401);
  });
});
