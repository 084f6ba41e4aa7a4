import { client } from '@app/contract/resources/crm/client';
import {
  changeClientInformationStatus,
  clientInfoRequestCheck,
  clientInformationRequest,
  submitClientInformation,
} from '@app/contract/resources/crm/client-information-request';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { logsOf } from './support/entity-log';
import { aClientOf } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anUploadedFile } from './support/uploads';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const calls = clientInformationRequest.calls;

/** A client of the organisation with a portal user. */
const aClientWithUser = async (organisation = w.orgA) => {
  const made = await aClientOf(t.app, organisation.adminToken);
  const user = await aClientUser(t.app, { organisationId: organisation.id, clientId: made._id });
  return { client: made, user };
};

const proposal = {
  name: 'Northwind Traders Ltd',
  email: 'talent@northwind.example',
  phone: { number: '+44 20 7946 0123', type: 'Office' },
  address: { building: '1', street: 'Quay Street', city: 'Manchester', postCode: 'M3 3JE' },
  about: 'Wholesale food, 400 staff across the North West.',
  website: 'https://northwind.example',
};

const clientDetails = async (id: string) => (await call(t.app, client.calls.details, { _id: id }, w.orgA.adminToken)).body.data;

describe('client information requests (crm.md §3, §6; issue 31)', () => {
  it('a client user proposes new details; staff compare, correct and approve them onto the client, logged', async () => {
    const { client: theirs, user } = await aClientWithUser();
    const none = await call(t.app, clientInfoRequestCheck, {}, user.token);
    expect(none.status, none.body.message).toBe(200);
    expect(none.body.data).toEqual({ waiting: false, latest: null });

    const sent = await call(t.app, submitClientInformation, { data: proposal }, user.token);
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe('Thank you: your new details have been sent for review');
    expect(sent.body.data).toMatchObject({ status: 'FILLED', clientId: theirs._id, data: proposal, submittedBy: { name: 'Cleo Client' } });
    const waiting = await call(t.app, clientInfoRequestCheck, undefined, user.token);
    expect(waiting.body.data).toMatchObject({ waiting: true, latest: { _id: sent.body.data._id, status: 'FILLED' } });

    // Sent again while it waits: the newer details replace the waiting ones.
    const again = await call(t.app, submitClientInformation, { data: { ...proposal, about: 'Wholesale food.' } }, user.token);
    expect(again.body.data._id).toBe(sent.body.data._id);
    expect(again.body.message).toBe('Your new details replace the ones waiting for review');
    // The client user reads their own request, with their current details beside it.
    const own = await call(t.app, calls.details, { _id: sent.body.data._id }, user.token);
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data.current).toMatchObject({ name: theirs.name });

    // Staff see it, compare it with the client's current details, and correct a typo.
    const listed = await call(t.app, calls.list, { filter: { status: 'FILLED', clientId: theirs._id } }, w.orgA.adminToken);
    expect(listed.body.data.results.map((row: { _id: string }) => row._id)).toEqual([sent.body.data._id]);
    const compared = await call(t.app, calls.details, { _id: sent.body.data._id }, w.orgA.adminToken);
    expect(compared.body.data).toMatchObject({
      data: { name: 'Northwind Traders Ltd', about: 'Wholesale food.' },
      current: { name: theirs.name, about: null },
      client: { _id: theirs._id, label: theirs.name },
    });
    const corrected = await call(
      t.app,
      calls.update,
      { _id: sent.body.data._id, data: { ...proposal, name: 'Northwind Traders Limited' } },
      w.orgA.adminToken,
    );
    expect(corrected.status, corrected.body.message).toBe(200);

    const approved = await call(t.app, changeClientInformationStatus, { _id: sent.body.data._id, status: 'APPROVED' }, w.orgA.adminToken);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.message).toBe('Approved: the client’s details are updated');
    expect(await clientDetails(theirs._id)).toMatchObject({ ...proposal, name: 'Northwind Traders Limited' });
    const logged = (await logsOf(t.app, theirs._id)).filter((entry) => entry.action === 'UPDATE');
    expect(logged.at(-1)?.to).toMatchObject({ name: 'Northwind Traders Limited', email: proposal.email });
    expect((await call(t.app, clientInfoRequestCheck, {}, user.token)).body.data).toMatchObject({
      waiting: false,
      latest: { status: 'APPROVED', reviewedAt: expect.any(String) },
    });
    // Decided: no more corrections or decisions.
    const late = await call(t.app, calls.update, { _id: sent.body.data._id, data: proposal }, w.orgA.adminToken);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Only a request waiting for review can be changed');
    const twice = await call(t.app, changeClientInformationStatus, { _id: sent.body.data._id, status: 'REJECTED' }, w.orgA.adminToken);
    expect(twice.body.message).toBe('This request has already been approved');
  });

  it('rejecting changes nothing; a logo the client uploaded goes onto the client when approved', async () => {
    const { client: theirs, user } = await aClientWithUser();
    const rejectedOne = await call(t.app, submitClientInformation, { data: { ...proposal, name: 'Wrong Name' } }, user.token);
    const before = await clientDetails(theirs._id);
    const rejected = await call(
      t.app,
      changeClientInformationStatus,
      { _id: rejectedOne.body.data._id, status: 'REJECTED' },
      w.orgA.adminToken,
    );
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.message).toBe('Rejected: the client’s details are unchanged');
    expect(await clientDetails(theirs._id)).toEqual(before);
    const bad = await call(t.app, changeClientInformationStatus, { _id: rejectedOne.body.data._id, status: 'PENDING' }, w.orgA.adminToken);
    expect(bad.status).toBe(400);

    const logo = await anUploadedFile(t.app, user.token, 'logo.png');
    const withLogo = await call(t.app, submitClientInformation, { data: { ...proposal, companyLogo: logo } }, user.token);
    expect(withLogo.status, withLogo.body.message).toBe(200);
    expect(withLogo.body.data._id).not.toBe(rejectedOne.body.data._id);
    const approved = await call(
      t.app,
      changeClientInformationStatus,
      { _id: withLogo.body.data._id, status: 'APPROVED' },
      w.orgA.adminToken,
    );
    expect(approved.status, approved.body.message).toBe(200);
    expect((await clientDetails(theirs._id)).companyLogo).toMatchObject({ blobName: logo.blobName, url: expect.any(String) });
    // Another client user cannot claim a file that is not theirs.
    const other = await aClientWithUser();
    const stolen = await call(t.app, submitClientInformation, { data: { ...proposal, companyLogo: logo } }, other.user.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('Please upload the file again');
  });

  it('answers the client’s messages', async () => {
    const { user } = await aClientWithUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...proposal, name: ' ' }, 'Please enter company name', 'data.name'],
      [{ ...proposal, email: undefined }, 'Please enter email', 'data.email'],
      [{ ...proposal, phone: { number: '' } }, 'Phone number required', 'data.phone.number'],
      [{ ...proposal, status: 'ACTIVE' }, 'Unknown field: status', 'data.status'],
    ];
    for (const [data, message, field] of cases) {
      const answer = await call(t.app, submitClientInformation, { data }, user.token);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.data.errors).toContainEqual({ field, message });
    }
    expect((await call(t.app, clientInfoRequestCheck, {}, user.token)).body.data.latest).toBeNull();
  });

  it('a client user sees only their own client’s requests; each organisation its own (404); each call its users (403)', async () => {
    const mine = await aClientWithUser();
    const theirs = await aClientWithUser();
    const their = await call(t.app, submitClientInformation, { data: proposal }, theirs.user.token);
    expect((await call(t.app, calls.details, { _id: their.body.data._id }, mine.user.token)).status).toBe(404);
    expect((await call(t.app, clientInfoRequestCheck, {}, mine.user.token)).body.data).toEqual({ waiting: false, latest: null });
    // Another organisation's staff: not found.
    for (const attempt of [
      call(t.app, calls.details, { _id: their.body.data._id }, w.orgB.adminToken),
      call(t.app, calls.update, { _id: their.body.data._id, data: proposal }, w.orgB.adminToken),
      call(t.app, calls.remove, { _id: their.body.data._id }, w.orgB.adminToken),
      call(t.app, changeClientInformationStatus, { _id: their.body.data._id, status: 'APPROVED' }, w.orgB.adminToken),
    ]) {
      expect((await attempt).status).toBe(404);
    }
    // The wrong kind of user.
    expect((await call(t.app, calls.list, {}, mine.user.token)).status).toBe(403);
    expect((await call(t.app, calls.update, { _id: their.body.data._id, data: proposal }, mine.user.token)).status).toBe(403);
    expect(
      (await call(t.app, changeClientInformationStatus, { _id: their.body.data._id, status: 'APPROVED' }, mine.user.token)).status,
    ).toBe(403);
    expect((await call(t.app, submitClientInformation, { data: proposal }, w.orgA.adminToken)).status).toBe(403);
    expect((await call(t.app, clientInfoRequestCheck, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, calls.details, { _id: their.body.data._id }, w.seeker.token)).status).toBe(403);
    // Staff need the permission; approving needs the right to change clients too.
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reviewer = await aStaffMember(t.app, w.orgA.adminToken, {
      first: 'Rae',
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'ClientInformationRequest', level: 'WRITE' }),
        ]),
      ],
    });
    expect((await call(t.app, calls.details, { _id: their.body.data._id }, reviewer.token)).status).toBe(200);
    const refused = await call(t.app, changeClientInformationStatus, { _id: their.body.data._id, status: 'APPROVED' }, reviewer.token);
    expect(refused.status).toBe(403);
    const stillWaiting = await call(t.app, clientInfoRequestCheck, {}, theirs.user.token);
    expect(stillWaiting.body.data.waiting).toBe(true);
  });
});
