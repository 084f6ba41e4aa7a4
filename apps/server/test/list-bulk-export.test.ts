import { csvCell, csvLine, exportColumns } from '@app/contract/conventions/export';
import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { candidateImport, candidateImportPreview, importFieldLabels } from '@app/contract/resources/crm/candidate-import';
import { client } from '@app/contract/resources/crm/client';
import { lead } from '@app/contract/resources/crm/lead';
import type { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { skills } from '../src/db/schema/lookups';
import { newId } from '../src/engine/ids';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { call, type TestApp } from './support/test-app';
import { anOrganisation, aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const bulkOf = (def: { calls: { list?: { path: string } } }) => ({
  method: 'PUT' as const,
  path: def.calls.list!.path.replace(/list$/, 'bulk'),
});
const exportOf = (def: { calls: { list?: { path: string } } }) => ({
  method: 'POST' as const,
  path: def.calls.list!.path.replace(/list$/, 'export'),
});

const aClient = async (token: string, name = unique('Acme ')) => {
  const created = await call(t.app, client.calls.create!, { name, email: `${unique('talent')}@acme.example` }, token);
  expect(created.status).toBe(200);
  return created.body.data as { _id: string; name: string; ownerId: string; status: string };
};

const staffWith = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL' = 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Client', level, scope });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await aRole(t.app, w.orgA.adminToken, [permission])] });
};

const statusOf = async (id: string, token = w.orgA.adminToken) => (await call(t.app, client.calls.details!, { _id: id }, token)).body.data;

/** An export as the browser downloads it: the status, the type and the CSV's lines. */
const exported = async (def: typeof client | typeof task | typeof candidate, input: Record<string, unknown>, token: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${exportOf(def).path}`,
    payload: input,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type']),
    body: response.body,
    lines: response.body.split('\r\n').filter(Boolean),
  };
};

/** Splits one CSV line, quotes and all (enough for these tests: no line breaks inside). */
const cellsOf = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));

describe('bulk actions', () => {
  it('set a status on the rows chosen, in the entity log, answering how many changed', async () => {
    const a = await aClient(w.orgA.adminToken);
    const b = await aClient(w.orgA.adminToken);
    const done = await call(t.app, bulkOf(client), { ids: [a._id, b._id], action: 'set-status', value: 'INACTIVE' }, w.orgA.adminToken);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ changed: 2 });
    expect((await statusOf(a._id)).status).toBe('INACTIVE');
    expect((await logsOf(t.app, b._id)).map((log) => log.action)).toEqual(['CREATE', 'STATUS_CHANGE']);
    const again = await call(t.app, bulkOf(client), { ids: [a._id], action: 'set-status', value: 'INACTIVE' }, w.orgA.adminToken);
    expect(again.body.data).toEqual({ changed: 0 });
  });

  it('assign an owner of the organisation, and refuse one from elsewhere', async () => {
    const a = await aClient(w.orgA.adminToken);
    const colleague = await aStaffMember(t.app, w.orgA.adminToken);
    const done = await call(t.app, bulkOf(client), { ids: [a._id], action: 'assign-owner', value: colleague.id }, w.orgA.adminToken);
    expect(done.body.data).toEqual({ changed: 1 });
    expect((await statusOf(a._id)).ownerId).toBe(colleague.id);
    expect((await logsOf(t.app, a._id)).at(-1)?.to).toEqual({ ownerId: colleague.id });
    const stranger = await aStaffMember(t.app, w.orgB.adminToken);
    const refused = await call(t.app, bulkOf(client), { ids: [a._id], action: 'assign-owner', value: stranger.id }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Owner not found');
    const missing = await call(t.app, bulkOf(client), { ids: [a._id], action: 'assign-owner' }, w.orgA.adminToken);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select an owner');
  });

  it('act on all rows a search matches', async () => {
    const word = unique('Bulkmatch');
    const a = await aClient(w.orgA.adminToken, `${word} One`);
    const b = await aClient(w.orgA.adminToken, `${word} Two`);
    const other = await aClient(w.orgA.adminToken);
    const done = await call(
      t.app,
      bulkOf(client),
      { matching: { search: word, filter: { status: 'ACTIVE' } }, action: 'set-status', value: 'INACTIVE' },
      w.orgA.adminToken,
    );
    expect(done.body.data).toEqual({ changed: 2 });
    expect((await statusOf(a._id)).status).toBe('INACTIVE');
    expect((await statusOf(b._id)).status).toBe('INACTIVE');
    expect((await statusOf(other._id)).status).toBe('ACTIVE');
  });

  it('delete with FULL access only; the deleted leave the list', async () => {
    const a = await aClient(w.orgA.adminToken);
    const writer = await staffWith('WRITE');
    const refused = await call(t.app, bulkOf(client), { ids: [a._id], action: 'delete' }, writer.token);
    expect(refused.status).toBe(403);
    const full = await staffWith('FULL');
    const done = await call(t.app, bulkOf(client), { ids: [a._id], action: 'delete' }, full.token);
    expect(done.body.data).toEqual({ changed: 1 });
    expect((await call(t.app, client.calls.details!, { _id: a._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await logsOf(t.app, a._id)).at(-1)?.action).toBe('DELETE');
  });

  it('leave an OWN user unable to change others’ records, and another organisation’s ids untouched (404)', async () => {
    const own = await staffWith('FULL', 'OWN');
    const mine = await aClient(own.token);
    const theirs = await aClient(w.orgA.adminToken);
    const refused = await call(t.app, bulkOf(client), { ids: [mine._id, theirs._id], action: 'set-status', value: 'INACTIVE' }, own.token);
    expect(refused.status).toBe(404);
    // One transaction: the own record did not change either.
    expect((await statusOf(mine._id)).status).toBe('ACTIVE');
    expect((await statusOf(theirs._id)).status).toBe('ACTIVE');
    const all = await call(
      t.app,
      bulkOf(client),
      { matching: { search: '', filter: {} }, action: 'set-status', value: 'INACTIVE' },
      own.token,
    );
    expect(all.body.data).toEqual({ changed: 1 });
    expect((await statusOf(theirs._id)).status).toBe('ACTIVE');

    const elsewhere = await aClient(w.orgB.adminToken);
    const crossing = await call(t.app, bulkOf(client), { ids: [elsewhere._id], action: 'delete' }, w.orgA.adminToken);
    expect(crossing.status).toBe(404);
    expect(crossing.body.message).toBe('Client not found');
    expect((await statusOf(elsewhere._id, w.orgB.adminToken)).status).toBe('ACTIVE');
  });

  it('refuse the wrong user type, no permission, no rows and an action the list lacks', async () => {
    expect((await call(t.app, bulkOf(client), { ids: [newId()], action: 'delete' }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, bulkOf(client), { ids: [newId()], action: 'delete' }, w.staffA.token)).status).toBe(403);
    const none = await call(t.app, bulkOf(client), { action: 'delete' }, w.orgA.adminToken);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select at least one record');
    const badStatus = await call(t.app, bulkOf(lead), { ids: [newId()], action: 'set-status', value: 'NOPE' }, w.orgA.adminToken);
    expect(badStatus.status).toBe(400);
  });
});

describe('export', () => {
  it('answers the list’s columns as CSV, with the search and filter applied', async () => {
    const word = unique('Exportme');
    await aClient(w.orgA.adminToken, `${word} Active`);
    const gone = await aClient(w.orgA.adminToken, `${word} Inactive`);
    await call(t.app, client.calls.setStatus!, { _id: gone._id, status: 'INACTIVE' }, w.orgA.adminToken);
    const { status, type, lines, body } = await exported(client, { search: word, filter: { status: 'ACTIVE' } }, w.orgA.adminToken);
    expect(status).toBe(200);
    expect(type).toContain('text/csv');
    expect(cellsOf(lines[0]!)).toEqual(exportColumns(client).map((c) => c.header));
    expect(lines).toHaveLength(2);
    expect(body).toContain(`${word} Active`);
    expect(body).not.toContain(`${word} Inactive`);
    expect(cellsOf(lines[1]!)[0]).toMatch(/^CLI-\d+$/);
  });

  it('escapes quotes, commas and line breaks, and neutralises formulas', async () => {
    const name = `=HYPERLINK("http://evil.example","Click, me")`;
    await aClient(w.orgA.adminToken, name);
    const { body } = await exported(client, { search: 'evil.example' }, w.orgA.adminToken);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click, me"")"`);
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    // Numbers and phone numbers call nothing: written as they are.
    expect(csvCell('+44 20')).toBe('+44 20');
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('+44 (0)7700 900-123')).toBe('+44 (0)7700 900-123');
    // A formula behind a phone-like start, a bare sign and a sign with letters stay text.
    expect(csvCell('+44=1+cmd|calc')).toBe("'+44=1+cmd|calc");
    expect(csvCell('-2+SUM(A1:A9)')).toBe("'-2+SUM(A1:A9)");
    expect(csvCell('+')).toBe("'+");
    expect(csvCell('\t+44 20')).toBe("'\t+44 20");
    expect(csvCell('@me')).toBe("'@me");
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, true])).toBe('a,1,true\r\n');
  });

  it('keeps to the caller’s scope and permission: OWN sees their own, another organisation nothing', async () => {
    const own = await staffWith('READ', 'OWN');
    const theirs = await aClient(w.orgA.adminToken, unique('Notyours '));
    const mine = (await exported(client, {}, own.token)).lines;
    expect(mine).toHaveLength(1);
    const orgB = await exported(client, { search: theirs.name }, w.orgB.adminToken);
    expect(orgB.lines).toHaveLength(1);
    expect((await exported(client, {}, w.staffA.token)).status).toBe(403);
    expect((await exported(client, {}, w.seeker.token)).status).toBe(403);
    const bad = await exported(client, { filter: { nope: 1 } }, w.orgA.adminToken);
    expect(bad.status).toBe(400);
  });

  it('streams many rows page by page, each once, newest first', async () => {
    const org = await anOrganisation(t.app, w.root);
    const count = 2_345;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      organisationId: org.id,
      name: `Bulk company ${i}`,
      email: `c${i}@bulk.example`,
      status: 'ACTIVE',
    }));
    for (let i = 0; i < rows.length; i += 500) await t.app.database.db.insert(clients).values(rows.slice(i, i + 500) as never);
    const { status, lines } = await exported(client, {}, org.adminToken);
    expect(status).toBe(200);
    expect(lines).toHaveLength(count + 1);
    const names = lines.slice(1).map((line) => cellsOf(line)[1]);
    expect(new Set(names).size).toBe(count);
    expect(names[0]).toBe(`Bulk company ${count - 1}`);
  });

  it('exports candidates by name, never their diversity, and bulk-sets their status', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const { status, lines } = await exported(candidate, { search: person.email as string }, w.orgA.adminToken);
    expect(status).toBe(200);
    expect(cellsOf(lines[0]!)).toContain('Full name');
    expect(lines[0]).not.toMatch(/diversity/i);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String((person.name as { fullName: string }).fullName));
    const done = await call(t.app, bulkOf(candidate), { ids: [person._id], action: 'set-status', value: 'INACTIVE' }, w.orgA.adminToken);
    expect(done.body.data).toEqual({ changed: 1 });
  });

  it('writes candidates in the import’s columns, so the file imports again with the mapping it suggests', async () => {
    const skillName = unique('Kotlin');
    await t.app.database.db.insert(skills).values({ id: newId(), label: skillName, value: skillName.toLowerCase() });
    const notices = (await call(t.app, crmNoticePeriod.calls.list!, { limit: 'ALL' }, w.orgA.adminToken)).body.data.results;
    const notice = notices.find((n: { label: string }) => n.label === '1 month') ?? notices[0];
    const skillId = (await t.app.database.db.select().from(skills)).find((s) => s.label === skillName)!.id;
    const phone = `+44 7700 ${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const original = await aCandidate(t.app, w.orgA.adminToken, {
      name: { first: 'Ada', last: unique('Byron') },
      phone,
      address: { street: '1 Dock Street', city: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 4AP', country: 'United Kingdom' },
      about: 'Builds "fast", careful things',
      linkedInLink: 'https://www.linkedin.com/in/ada-byron',
      gitHubLink: 'https://github.com/ada-byron',
      skills: [{ skillId, label: skillName, rating: 4 }],
      preferences: {
        currentJobTitle: 'Android developer',
        desiredJobTitle: 'Lead developer',
        expectedSalary: { min: 55000, max: 65000, duration: 'YEAR' },
        noticePeriodId: notice._id,
        willingToRelocate: true,
        ukDrivingLicence: false,
      },
    });
    const { lines, body: csv } = await exported(candidate, { search: original.email }, w.orgA.adminToken);
    const headers = cellsOf(lines[0]!);
    expect(headers).toEqual(expect.arrayContaining(['LinkedIn', 'GitHub', 'Phone', 'Full name', 'Skills', 'Notice period']));
    const row = Object.fromEntries(headers.map((header, i) => [header, cellsOf(lines[1]!)[i]]));
    expect(row.Phone).toBe(phone);
    expect(row.LinkedIn).toBe('https://www.linkedin.com/in/ada-byron');

    const preview = await call(t.app, candidateImportPreview, { csv }, w.orgB.adminToken);
    expect(preview.status, preview.body.message).toBe(200);
    const mapping = preview.body.data.suggested as Record<string, string | null>;
    // Every import field but the name's parts has its column, mapped by its own header.
    for (const [field, label] of Object.entries(importFieldLabels)) {
      if (field !== 'firstName' && field !== 'lastName') expect(mapping[label], label).toBe(field);
    }
    expect(mapping.Reference).toBeNull();
    const imported = await call(t.app, candidateImport, { csv, mapping, dryRun: false }, w.orgB.adminToken);
    expect(imported.status, imported.body.message).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1 });
    const copy = (await call(t.app, candidate.calls.list!, { search: original.email }, w.orgB.adminToken)).body.data.results[0];
    const again = (await call(t.app, candidate.calls.details!, { _id: copy._id }, w.orgB.adminToken)).body.data;
    const before = (await call(t.app, candidate.calls.details!, { _id: original._id }, w.orgA.adminToken)).body.data;
    expect(again).toMatchObject({
      name: before.name,
      email: before.email,
      phone,
      address: before.address,
      about: before.about,
      linkedInLink: before.linkedInLink,
      gitHubLink: before.gitHubLink,
      status: before.status,
      skills: [expect.objectContaining({ skillId, label: skillName })],
      preferences: expect.objectContaining({
        currentJobTitle: 'Android developer',
        desiredJobTitle: 'Lead developer',
        expectedSalary: expect.objectContaining({ min: 55000, max: 65000 }),
        willingToRelocate: true,
        ukDrivingLicence: false,
      }),
    });
    expect(again.noticePeriod?.label).toBe(notice.label);
  });

  it('neutralises a candidate’s formula but writes their phone number as it is', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, { about: '=HYPERLINK("http://evil.example","Click")' });
    const { lines } = await exported(candidate, { search: person.email }, w.orgA.adminToken);
    const headers = cellsOf(lines[0]!);
    const row = cellsOf(lines[1]!);
    expect(row[headers.indexOf('About')]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row[headers.indexOf('Phone')]).toBe(person.phone);
    expect(person.phone.startsWith('+')).toBe(true);
  });
});
