/**
 * The baseline: a bare Fastify app with one route per measured call, running the SQL the product
 * runs for it (the texts drizzle generates, copied; for the job search, the product's own search
 * function and index) through the same driver, with no engine, no validation, no hooks, no
 * plugins and no cache. Started by bench/run.ts in a process of its own. On the embedded database it
 * uses the product's worker thread, or with BENCH_BARE_PGLITE=main PGlite on its own thread.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { jobSearch } from '@app/contract/resources/job-board/job';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { candidateRepository } from '../src/areas/crm/candidate-repository';
import { createCandidateSearch } from '../src/areas/crm/candidate-search';
import { searchOpenJobs } from '../src/areas/jobs/search';
import { createSearchIndexSync } from '../src/areas/jobs/search-index-sync';
import type { Database } from '../src/db/client';
import { openPgliteThread } from '../src/db/pglite-thread';
import { createGazetteer } from '../src/services/gazetteer';
import { candidateListPath, candidateListRequest, candidateListStatement, candidateSqlListPath } from './candidate-sql';
import { registerBareHiring } from './hiring';
import { floorPath, searchPath } from './search';
import { benchFileStore, primaryOfWorkers, reportReady, targetFromEnv } from './shared';

type Row = Record<string, any>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;

// With BENCH_PROCESSES above one, this process only forks and answers for the servers (shared.ts).
if (await primaryOfWorkers()) await new Promise(() => {});
const target = targetFromEnv();
let query: Query;
let close: () => Promise<void>;
/** Drizzle on the same connections, for the job search (which the bare route runs as the product does). */
let db: Database['db'];
if (target.databaseUrl) {
  // The product's pool size (openDatabase's default).
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
  query = async (text, params) => (await pool.query(text, params)).rows;
  close = () => pool.end();
  db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Database['db'];
} else if (process.env.BENCH_BARE_PGLITE === 'main') {
  // PGlite on this process's own thread, as the product ran it before it had a worker: the baseline
  // that shows what the worker changes.
  const client = new PGlite(path.join(target.dataDir, 'db'), { extensions: { pg_trgm, btree_gin } });
  query = async (text, params) => (await client.query<Row>(text, params)).rows;
  close = () => client.close();
  db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Database['db'];
} else {
  // The product's driver: PGlite in a worker thread.
  const client = await openPgliteThread({ dataDir: path.join(target.dataDir, 'db') });
  query = async (text, params) => (await client.query<Row>(text, params)).rows;
  close = () => client.close();
  db = drizzlePglite(client as never, { casing: 'snake_case' }) as unknown as Database['db'];
}
const gazetteer = createGazetteer();

const userColumns =
  '"id", "item_id", "organisation_id", "owner_id", "team_id", "created_by", "updated_by", "created_at", "updated_at", "is_deleted", "deleted_at", "deleted_by", "user_type", "email", "password_hash", "name", "phone", "status", "role_ids", "designation", "profile_image", "signature_html", "linked_in_link", "git_hub_link", "website", "last_login_at", "password_changed_at"';

const sessionSql =
  'select "sessions"."id", "users"."id", "users"."user_type", "users"."email", "users"."name", "users"."organisation_id", "users"."role_ids", "users"."status" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2 and "users"."is_deleted" = $3) limit $4';
const meSql = `select ${userColumns} from "users" where "users"."id" = $1`;
const detailsSql = `select ${userColumns} from "users" where ("users"."id" = $1 and "users"."user_type" = $2 and "users"."is_deleted" = $3 and "users"."organisation_id" = $4) limit $5`;
const listSql = `select ${userColumns}, count(*) over() from "users" where ("users"."user_type" = $1 and "users"."is_deleted" = $2 and "users"."organisation_id" = $3 and ("users"."name" #>> $4 ilike $5 or "users"."email"::text ilike $6 or "users"."phone"::text ilike $7 or "users"."designation"::text ilike $8 or "users"."item_id" #>> $9 ilike $10)) order by "users"."created_at" desc, "users"."id" desc limit $11`;

type Caller = { id: string; userType: string; email: string; name: string; organisationId: string | null };

/**
 * The session lookup, on every request. The product keeps the answer for 30 s; with
 * By default the bare routes do the same, to compare like with like (BENCH_BARE_SESSION_CACHE=0: every request).
 */
const cacheSessions = process.env.BENCH_BARE_SESSION_CACHE !== '0';
const sessionCache = new Map<string, { caller: Caller | null; until: number }>();

const callerOf = async (req: FastifyRequest): Promise<Caller | null> => {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const tokenHash = createHash('sha256').update(header.slice(7).trim()).digest('base64url');
  const cached = cacheSessions ? sessionCache.get(tokenHash) : undefined;
  if (cached && cached.until > Date.now()) return cached.caller;
  const [row] = await query(sessionSql, [tokenHash, new Date().toISOString(), false, 1]);
  const platform = row?.user_type === 'SUPER_ADMIN' || row?.user_type === 'ADMIN';
  const caller =
    row && row.status === 'ACTIVE'
      ? {
          id: row.id,
          userType: row.user_type,
          email: row.email,
          name: row.name?.fullName || row.email,
          organisationId: platform ? null : row.organisation_id,
        }
      : null;
  if (cacheSessions) sessionCache.set(tokenHash, { caller, until: Date.now() + 30_000 });
  return caller;
};

const ok = (message: string, data: unknown) => ({ code: 200, success: true, message, data });
const unauthorized = (reply: FastifyReply) =>
  reply.status(401).send({ code: 401, success: false, message: 'Please sign in to continue', data: null });

/** The staff record the product answers: its fields and the system fields, never the password hash. */
const staffRecord = (row: Row) => ({
  _id: row.id,
  designation: row.designation,
  profileImage: row.profile_image,
  signatureHTML: row.signature_html,
  linkedInLink: row.linked_in_link,
  gitHubLink: row.git_hub_link,
  website: row.website,
  name: row.name,
  email: row.email,
  phone: row.phone,
  roleIds: row.role_ids,
  status: row.status,
  organisationId: row.organisation_id,
  userType: row.user_type,
  lastLoginAt: row.last_login_at,
  itemId: row.item_id,
  ownerId: row.owner_id,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const app = Fastify({ logger: false });

app.get('/api/auth/me', async (req, reply) => {
  const caller = await callerOf(req);
  if (!caller) return unauthorized(reply);
  const [user] = await query(meSql, [caller.id]);
  if (!user) return unauthorized(reply);
  return ok('Success', {
    _id: user.id,
    email: user.email,
    userType: user.user_type,
    name: user.name?.fullName || user.email,
    organisationId: caller.organisationId,
  });
});

app.post('/api/organisation/staff/details', async (req, reply) => {
  const caller = await callerOf(req);
  if (!caller?.organisationId) return unauthorized(reply);
  const { _id } = req.body as { _id: string };
  const [row] = await query(detailsSql, [_id, 'CRM_USER', false, caller.organisationId, 1]);
  if (!row) return reply.status(404).send({ code: 404, success: false, message: 'Organisation Staff not found', data: null });
  return ok('Fetched successfully', staffRecord(row));
});

app.post('/api/organisation/staff/list', async (req, reply) => {
  const caller = await callerOf(req);
  if (!caller?.organisationId) return unauthorized(reply);
  const { page = 1, limit = 10, search = '' } = req.body as { page?: number; limit?: number; search?: string };
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const offset = (page - 1) * limit;
  // Like drizzle, no offset clause on the first page.
  const rows = await query(offset > 0 ? `${listSql} offset $12` : listSql, [
    'CRM_USER',
    false,
    caller.organisationId,
    '{fullName}',
    like,
    like,
    like,
    like,
    '{combined}',
    like,
    limit,
    ...(offset > 0 ? [offset] : []),
  ]);
  const total = Number(rows[0]?.count ?? 0);
  const from = rows.length === 0 ? 0 : (page - 1) * limit + 1;
  return ok('Fetched successfully', {
    results: rows.map(staffRecord),
    totalResults: total,
    totalPages: Math.ceil(total / limit),
    page,
    resultsInCurrentPage: rows.length,
    fromTo: { from, to: rows.length === 0 ? 0 : from + rows.length - 1 },
  });
});

// The public job search: the product's own search (its index, caught up before each search, and
// its result cards) with none of the product's routing, hooks or cache around it.
const searchIndex = createSearchIndexSync(db);
const files = benchFileStore(target);
await searchIndex.load();
// Sent as the product sends it: the envelope written around the answer's JSON.
app.post(searchPath, async (req, reply) => {
  const answer = await searchOpenJobs({ db, gazetteer, index: searchIndex, files, request: jobSearch.parse(req.body) });
  return reply.type('application/json; charset=utf-8').send(answer.enveloped('Fetched successfully'));
});

// The candidate list as the product answers it (its search index, caught up before each list, then
// the page's rows by id) with none of the product's routing, checks or hooks around it.
const candidateSearch = createCandidateSearch(db);
app.post(candidateListPath, async (req, reply) => {
  const caller = await callerOf(req);
  if (!caller?.organisationId) return unauthorized(reply);
  const request = candidateListRequest.parse(req.body);
  const scope = { organisationId: caller.organisationId };
  const found = await candidateSearch.find(scope, request);
  if (!found) return ok('Fetched successfully', await candidateRepository.list(db, scope, request));
  return ok('Fetched successfully', { results: await candidateRepository.listByIds(db, scope, found.ids), totalResults: found.total });
});

// The candidate list through the SQL search the index stands in for: the statement the product's
// repository builds for the body in the caller's organisation; the rows as the driver gives them.
app.post(candidateSqlListPath, async (req, reply) => {
  const caller = await callerOf(req);
  if (!caller?.organisationId) return unauthorized(reply);
  const { sql, params, countWhenEmpty } = await candidateListStatement(undefined, caller.organisationId, req.body);
  const rows = await query(sql, params);
  // A page past the end counts the matches on its own, as the product does.
  const total = rows.length === 0 && countWhenEmpty ? (await query(countWhenEmpty.sql, countWhenEmpty.params))[0]?.count : rows[0]?.count;
  return ok('Fetched successfully', {
    results: rows.map((row) => ({ ...row, _id: row.id })),
    totalResults: Number(total ?? 0),
  });
});

// The hiring scenario's board and job list: the product's repository lists with nothing around them.
registerBareHiring(app, { db, callerOf, unauthorized });

// The floor: a route whose database work is `select 1`, so its latency at the bench's connections is
// what the machine (HTTP, Node, one round trip to the database) costs before any search.
app.post(floorPath, async () => ok('Fetched successfully', { results: await query('select 1 as one', []) }));

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportReady(typeof address === 'object' && address ? address.port : 0, async () => {
  await app.close();
  await close();
});
