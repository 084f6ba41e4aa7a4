import { randomUUID } from 'node:crypto';
import { login, logout, me } from '@app/contract/resources/auth';
import { client } from '@app/contract/resources/crm/client';
import { crmRole } from '@app/contract/resources/crm-access';
import { job, searchJobs } from '@app/contract/resources/job-board/job';
import { organisation as organisationResource } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/job-board';
import { listenerName } from '../src/services/postgres-invalidation-bus';
import { aRole, permissionId } from './support/access';
import { aCompany, aJob, idsOf } from './support/job-board';
import { redisAnswers, type ServerProcesses, startServerProcesses } from './support/server-process';
import { call, startTestApp, superAdmin, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anOrganisation, aStaffMember, password, signIn, unique } from './support/world';

// Several server processes need one database they all reach: PostgreSQL. The embedded database is
// one process's files, so on it there is nothing to run here; CI's PostgreSQL pass runs this file.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// CI names its Redis (and so requires it); elsewhere the Redis variant runs when one answers here.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const withRedis = onPostgres && (await redisAnswers(redisUrl));
if (process.env.TEST_REDIS_URL && onPostgres && !withRedis) throw new Error(`TEST_REDIS_URL names ${redisUrl}, but no Redis answers there`);

const variants = [
  { name: 'PostgreSQL (counts in the database, LISTEN/NOTIFY)', redis: false, runs: onPostgres },
  { name: 'Redis (REDIS_URL: INCR counts, pub/sub)', redis: true, runs: withRedis },
];

/**
 * Waits for the message a change sends to reach the other processes: milliseconds, though on a
 * loaded machine a request sent right after the change can still overtake it. Every assertion after
 * it is made for each of B's processes.
 */
const messageArrived = async (arrived: () => Promise<boolean>) => {
  const deadline = Date.now() + 2000;
  while (!(await arrived()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** The same call made `times` times, for the status of each: over HTTP, it reaches each process of the cluster in turn. */
const statuses = async (times: number, make: () => Promise<{ status: number }>) => {
  const seen: number[] = [];
  for (let i = 0; i < times; i += 1) seen.push((await make()).status);
  return seen;
};

describe.skipIf(!onPostgres)(
  'several server processes on one PostgreSQL (needs TEST_DATABASE_URL; skipped on the embedded database)',
  () => {
    describe.each(variants)('$name', (variant) => {
      // A: this test process's app. B: `WEB_CONCURRENCY=2 npm start`'s primary and its two processes.
      let a: TestApp;
      let b: ServerProcesses;
      let root: string;
      const secret = randomUUID();
      const redisPrefix = `test-${randomUUID()}:`;

      beforeAll(async () => {
        if (!variant.runs) return;
        const shared = variant.redis ? { redisUrl, redisPrefix } : {};
        a = await startTestApp({ config: { secret, jobSearchCache: true, ...shared } });
        const databaseUrl = a.app.services.config.databaseUrl as string;
        b = await startServerProcesses({
          processes: 2,
          env: {
            DATABASE_URL: databaseUrl,
            APP_SECRET: secret,
            ...(variant.redis ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
          },
        });
        root = await signIn(a.app, superAdmin.email, superAdmin.password);
      });
      afterAll(async () => {
        if (!variant.runs) return;
        await b?.stop();
        await a?.close();
        if (variant.redis) {
          const redis = new Redis(redisUrl);
          const keys = await redis.keys(`${redisPrefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        }
      });

      it.runIf(variant.runs)(
        'a job closed through one process leaves the search of every other at once, with the search cache on',
        async () => {
          const company = await aCompany(a.app);
          const title = unique('Forklift Driver ');
          const posted = await aJob(a.app, company.token, { title });
          const search = () => b.call(searchJobs, { search: title });
          for (let i = 0; i < 4; i += 1) expect(idsOf((await search()).body)).toEqual([posted._id]);

          // Behind the app's back (no process is told), the cached answers stand: the cache is on.
          await a.app.database.db
            .update(jobs)
            .set({ title: `${title} (renamed)` })
            .where(eq(jobs.id, posted._id));
          for (let i = 0; i < 4; i += 1) expect((await search()).body.data.results[0].title).toBe(title);

          const closed = await call(a.app, job.calls.setStatus!, { _id: posted._id, status: 'CLOSED' }, company.token);
          expect(closed.status).toBe(200);
          await messageArrived(async () => idsOf((await search()).body).length === 0);
          for (let i = 0; i < 4; i += 1) expect(idsOf((await search()).body)).toEqual([]);
        },
      );

      it.runIf(variant.runs)(
        'wrong passwords count across processes: 3 on one and 2 on the other lock the address out of the account on both',
        async () => {
          const company = await aCompany(a.app);
          const wrong = { email: company.email, password: 'not-the-password' };
          for (let i = 0; i < 3; i += 1) expect((await call(a.app, login, wrong)).status).toBe(401);
          for (let i = 0; i < 2; i += 1) expect((await b.call(login, wrong)).status).toBe(401);
          const right = { email: company.email, password };
          const refused = await call(a.app, login, right);
          expect(refused.status).toBe(429);
          expect(refused.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
          expect(await statuses(2, () => b.call(login, right))).toEqual([429, 429]);
        },
      );

      it.runIf(variant.runs)(
        'a role taken from a staff member, or a permission from a role, is refused by every process at once',
        async () => {
          const organisation = await anOrganisation(a.app, root);
          const staffRead = await permissionId(a.app, root, { feature: 'OrganisationStaff', level: 'READ' });
          const losesRole = await aRole(a.app, organisation.adminToken, [staffRead]);
          const losesPermission = await aRole(a.app, organisation.adminToken, [staffRead]);
          const first = await aStaffMember(a.app, organisation.adminToken, { roleIds: [losesRole] });
          const second = await aStaffMember(a.app, organisation.adminToken, { roleIds: [losesPermission] });
          // Each of B's processes keeps both sessions and both permission profiles.
          for (const staff of [first, second]) {
            expect(await statuses(4, () => b.call(organisationStaff.calls.list!, {}, staff.token))).toEqual([200, 200, 200, 200]);
          }

          const roleTaken = await call(a.app, organisationStaff.calls.update!, { _id: first.id, roleIds: [] }, organisation.adminToken);
          expect(roleTaken.status).toBe(200);
          await messageArrived(async () => (await b.call(organisationStaff.calls.list!, {}, first.token)).status === 403);
          expect(await statuses(4, () => b.call(organisationStaff.calls.list!, {}, first.token))).toEqual([403, 403, 403, 403]);

          const permissionTaken = await call(
            a.app,
            crmRole.calls.update!,
            { _id: losesPermission, permissions: [] },
            organisation.adminToken,
          );
          expect(permissionTaken.status).toBe(200);
          await messageArrived(async () => (await b.call(organisationStaff.calls.list!, {}, second.token)).status === 403);
          expect(await statuses(4, () => b.call(organisationStaff.calls.list!, {}, second.token))).toEqual([403, 403, 403, 403]);
        },
      );

      it.runIf(variant.runs)(
        'a client or an organisation made inactive through one process shuts its users out of every other at once',
        async () => {
          const organisation = await anOrganisation(a.app, root);
          const made = await call(
            a.app,
            client.calls.create!,
            { name: unique('Portal Ltd '), email: `${unique('p')}@portal.example` },
            organisation.adminToken,
          );
          const portal = await aClientUser(a.app, { organisationId: organisation.id, clientId: made.body.data._id });
          // Each of B's processes keeps both sessions.
          for (const token of [portal.token, organisation.adminToken]) {
            expect(await statuses(4, () => b.call(me, {}, token))).toEqual([200, 200, 200, 200]);
          }

          const clientEnded = await call(
            a.app,
            client.calls.setStatus!,
            { _id: made.body.data._id, status: 'INACTIVE' },
            organisation.adminToken,
          );
          expect(clientEnded.status).toBe(200);
          await messageArrived(async () => (await b.call(me, {}, portal.token)).status === 401);
          expect(await statuses(4, () => b.call(me, {}, portal.token))).toEqual([401, 401, 401, 401]);
          expect(await statuses(4, () => b.call(me, {}, organisation.adminToken))).toEqual([200, 200, 200, 200]);

          const organisationEnded = await call(
            a.app,
            organisationResource.calls.setStatus!,
            { _id: organisation.id, status: 'INACTIVE' },
            root,
          );
          expect(organisationEnded.status).toBe(200);
          await messageArrived(async () => (await b.call(me, {}, organisation.adminToken)).status === 401);
          expect(await statuses(4, () => b.call(me, {}, organisation.adminToken))).toEqual([401, 401, 401, 401]);
        },
      );

      it.runIf(variant.runs)('a sign-out on one process ends the session on every other at once', async () => {
        const company = await aCompany(a.app);
        expect(await statuses(4, () => b.call(me, {}, company.token))).toEqual([200, 200, 200, 200]);
        expect((await call(a.app, logout, {}, company.token)).status).toBe(200);
        await messageArrived(async () => (await b.call(me, {}, company.token)).status === 401);
        expect(await statuses(4, () => b.call(me, {}, company.token))).toEqual([401, 401, 401, 401]);
      });

      it.runIf(variant.runs && !variant.redis)('a listener whose connection is cut reconnects, and drops go through again', async () => {
        const { db } = a.app.database;
        // The connections of A and of B's two processes that listen (LISTEN done, waiting), by backend pid.
        const listeners = async () => {
          const result = (await db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${listenerName} and state = 'idle' and query ilike 'listen%'`,
          )) as unknown as { rows: { pid: number }[] };
          return result.rows.map((row) => row.pid);
        };
        const cut = await listeners();
        expect(cut).toHaveLength(3);
        await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(cut, sql`, `)})`);
        const reconnected = async () => (await listeners()).filter((pid) => !cut.includes(pid));
        const deadline = Date.now() + 30_000;
        while ((await reconnected()).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await reconnected()).toHaveLength(3);

        const company = await aCompany(a.app);
        expect(await statuses(4, () => b.call(me, {}, company.token))).toEqual([200, 200, 200, 200]);
        expect((await call(a.app, logout, {}, company.token)).status).toBe(200);
        await messageArrived(async () => (await b.call(me, {}, company.token)).status === 401);
        expect(await statuses(4, () => b.call(me, {}, company.token))).toEqual([401, 401, 401, 401]);
      });

      it.runIf(variant.runs)('SIGTERM stops the primary and every server process, which finish first (exit 0)', async () => {
        const stopping = b.stop();
        expect(await stopping).toBe(0);
      });
    });
  },
);
