import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { oneTimeCodes } from '../db/schema/services';
import { badRequest, tooManyRequests } from '../engine/errors';
import { newId } from '../engine/ids';
import { sign, signatureMatches } from './tokens';

export const codeLifetimeMs = 10 * 60 * 1000;
export const maxWrongTries = 5;
/** How long a checked code lets its holder reach the record: long enough to fill in a form on a phone. */
export const holderLifetimeMs = 30 * 60 * 1000;
const holderPrefix = 'ch1.';

/**
 * The caller of a call made with a checked one-time code (DECISIONS.md §9): no user, only the one
 * record the code was issued for, until `expiresAt`.
 */
export type CodeHolder = { kind: 'CODE_HOLDER'; resource: string; recordId: string; organisationId: string | null; expiresAt: Date };

/**
 * Six-digit codes per DECISIONS.md §9: valid 10 minutes, stored hashed, burnt after 5 wrong tries,
 * at most one new code a minute and 5 an hour for the same record and purpose.
 */
export const createOneTimeCodes = (input: { secret: string }) => {
  const hashOf = (id: string, code: string) => sign(input.secret, `${id}:${code}`);

  return {
    async issue(
      db: Executor,
      code: { purpose: string; subjectId: string; channel: string; target: string; payload?: unknown; now?: Date },
    ) {
      const now = code.now ?? new Date();
      const recent = await db
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.subjectId, code.subjectId),
            eq(oneTimeCodes.purpose, code.purpose),
            eq(oneTimeCodes.channel, code.channel),
            gte(oneTimeCodes.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt));
      if (recent.length >= 5) throw tooManyRequests('Too many codes requested. Please try again in an hour.');
      const last = recent[0]?.createdAt;
      if (last && now.getTime() - last.getTime() < 60 * 1000) {
        throw tooManyRequests('Please wait a minute before asking for a new code.');
      }
      // A new code replaces the ones before it.
      await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeCodes.subjectId, code.subjectId),
            eq(oneTimeCodes.purpose, code.purpose),
            eq(oneTimeCodes.channel, code.channel),
            isNull(oneTimeCodes.usedAt),
          ),
        );
      const id = newId();
      const value = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(oneTimeCodes).values({
        id,
        purpose: code.purpose,
        subjectId: code.subjectId,
        channel: code.channel,
        target: code.target,
        codeHash: hashOf(id, value),
        expiresAt: new Date(now.getTime() + codeLifetimeMs),
        payload: code.payload ?? null,
        createdAt: now,
      });
      return value;
    },

    /**
     * Checks a code and burns it when right. A wrong try is counted by `recordWrongTry`, which the
     * caller runs outside its transaction so the count survives the 400 that rolls the rest back.
     */
    async check(db: Executor, code: { purpose: string; subjectId: string; channel: string; value: string | number }) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.subjectId, code.subjectId),
            eq(oneTimeCodes.purpose, code.purpose),
            eq(oneTimeCodes.channel, code.channel),
            isNull(oneTimeCodes.usedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() < Date.now()) {
        return { ok: false as const, error: badRequest('The code has expired. Please ask for a new one.') };
      }
      if (row.attempts >= maxWrongTries) {
        return { ok: false as const, error: tooManyRequests('Too many wrong codes. Please ask for a new one.') };
      }
      const given = String(code.value).padStart(6, '0');
      if (!signatureMatches(input.secret, `${row.id}:${given}`, row.codeHash)) {
        return {
          ok: false as const,
          error:
            row.attempts + 1 >= maxWrongTries
              ? tooManyRequests('Too many wrong codes. Please ask for a new one.')
              : badRequest('The code is not correct.'),
          recordWrongTry: (outside: Executor) =>
            outside
              .update(oneTimeCodes)
              .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
              .where(eq(oneTimeCodes.id, row.id)),
        };
      }
      await db.update(oneTimeCodes).set({ usedAt: new Date() }).where(eq(oneTimeCodes.id, row.id));
      return { ok: true as const, payload: row.payload, target: row.target };
    },

    /**
     * The token a checked code gives (DECISIONS.md §9): signed, not stored, so a code-holder call
     * needs no lookup, and it cannot outlive `holderLifetimeMs`. A signed token rather than a
     * session row because nothing is ever done with it but checking it: it names one record, ends
     * by itself soon after, and whatever ends access earlier (a form filled) is the record's state,
     * which the call reads anyway.
     */
    holderToken(holder: { resource: string; recordId: string; organisationId: string | null; now?: Date }) {
      const expiresAt = new Date((holder.now ?? new Date()).getTime() + holderLifetimeMs);
      const body = Buffer.from(
        JSON.stringify({ r: holder.resource, i: holder.recordId, o: holder.organisationId, e: expiresAt.getTime() }),
      ).toString('base64url');
      return { token: `${holderPrefix}${body}.${sign(input.secret, `code-holder:${body}`)}`, expiresAt };
    },

    /** The code holder a token names: null for anything else, a forged or changed token, or one expired. */
    holderOf(token: string | undefined, now = new Date()): CodeHolder | null {
      if (!token?.startsWith(holderPrefix)) return null;
      const [body, signature] = token.slice(holderPrefix.length).split('.');
      if (!body || !signature || !signatureMatches(input.secret, `code-holder:${body}`, signature)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { r: string; i: string; o: string | null; e: number };
        if (typeof claims.e !== 'number' || claims.e <= now.getTime()) return null;
        return { kind: 'CODE_HOLDER', resource: claims.r, recordId: claims.i, organisationId: claims.o, expiresAt: new Date(claims.e) };
      } catch {
        return null;
      }
    },
  };
};

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
