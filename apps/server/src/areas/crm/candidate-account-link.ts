import type { IdName } from '@app/contract/conventions/common';
import {
  acceptAgencyLink,
  type CandidateAccountLink,
  candidateAccountLinkDetails,
  endAgencyLink,
  endCandidateAccountLink,
  myAgencyLinks,
  refuseAgencyLink,
} from '@app/contract/resources/crm/candidate-account-link';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidateAccountLinks, candidateCvs, candidates } from '../../db/schema/candidates';
import { jobSeekers } from '../../db/schema/job-board';
import { organisations } from '../../db/schema/organisations';
import { users } from '../../db/schema/users';
import type { Caller } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { conflict, isUniqueViolation, notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import type { Writer } from '../../engine/resource-hooks';
import { callersOwn } from '../../engine/unscoped-reasons';
import { jobSeekerRepository, ownJobSeeker } from '../job-seekers/repository';
import { copyToCandidate, sharedOf } from './candidate-profile-sync';
import { candidateRepository } from './candidate-repository';

/**
 * DECISIONS.md §12: a job seeker's account and profile are the seeker's. An agency's candidate is
 * linked to an existing account only when the seeker accepts the agency's invitation, and either
 * side ends the link. The link's life is kept here (one row per invitation), and every change of it
 * is written in the candidate's entity log. `candidate.userId` is set exactly while a link stands
 * (ACCEPTED), so what reads it (the seeker's CVs of their candidates) follows the link.
 */

type LinkRow = typeof candidateAccountLinks.$inferSelect;
type Side = 'SEEKER' | 'AGENCY';

const live = ['PENDING', 'ACCEPTED'] as const;
/** How long after a seeker refuses or ends a link the agency may not invite them again. */
export const reinviteAfterDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

const who = (caller: Caller | null): IdName | null => (caller ? { _id: caller.id, name: caller.name || caller.email } : null);

export const invitationMessage = 'Invitation sent: the job seeker must accept before their profile is shared';
export const stillWaitingMessage = 'An invitation is already waiting for the job seeker’s answer: no new mail was sent';

/** The candidate's invitation or link that stands (PENDING or ACCEPTED), if any. */
const liveLinkOf = async (db: Executor, candidateId: string) => {
  const [row] = await db
    .select()
    .from(candidateAccountLinks)
    .where(and(eq(candidateAccountLinks.candidateId, candidateId), inArray(candidateAccountLinks.status, [...live])));
  return row;
};

/** Written against the candidate, so the agency's activity panel shows who invited, accepted, refused or ended. */
const logLinkChange = async (
  db: Executor,
  input: { caller: Caller | null; candidateId: string; from: string | null; to: string | null; extra?: Record<string, unknown> },
) => {
  const [candidate] = await db
    .select({ id: candidates.id, itemId: candidates.itemId, name: candidates.name, organisationId: candidates.organisationId })
    .from(candidates)
    .where(eq(candidates.id, input.candidateId));
  if (!candidate) return;
  await writeEntityLog(db, {
    caller: input.caller,
    organisationId: candidate.organisationId,
    entityType: 'Candidate',
    labelField: 'name.fullName',
    action: 'UPDATE',
    record: { _id: candidate.id, itemId: candidate.itemId, name: candidate.name } as never,
    from: { accountLink: input.from },
    to: { accountLink: input.to, ...input.extra },
  });
};

const setLink = async (
  db: Executor,
  input: { caller: Caller | null; link: LinkRow; values: Partial<LinkRow>; extra?: Record<string, unknown> },
) => {
  const [row] = await db
    .update(candidateAccountLinks)
    .set({ ...input.values, updatedAt: new Date() })
    .where(eq(candidateAccountLinks.id, input.link.id))
    .returning();
  const to = input.values.status ?? input.link.status;
  await logLinkChange(db, {
    caller: input.caller,
    candidateId: row?.candidateId ?? input.link.candidateId,
    from: input.link.status,
    to,
    extra: input.extra,
  });
  return row as LinkRow;
};

/**
 * The job seeker profile's `candidateId` names one candidate whose link stands (the oldest), or
 * none: kept true when links come and go.
 */
const relinkProfile = async (db: Executor, input: Writer & { userId: string }) => {
  const [profile] = await db
    .select({ id: jobSeekers.id, candidateId: jobSeekers.candidateId })
    .from(jobSeekers)
    .where(and(eq(jobSeekers.userId, input.userId), eq(jobSeekers.isDeleted, false)));
  if (!profile) return;
  const standing = await db
    .select({ candidateId: candidateAccountLinks.candidateId })
    .from(candidateAccountLinks)
    .where(and(eq(candidateAccountLinks.userId, input.userId), eq(candidateAccountLinks.status, 'ACCEPTED')))
    .orderBy(asc(candidateAccountLinks.createdAt));
  const ids = standing.map((row) => row.candidateId);
  const wanted = profile.candidateId && ids.includes(profile.candidateId) ? profile.candidateId : (ids[0] ?? null);
  if (wanted === profile.candidateId) return;
  await jobSeekerRepository.update(db, {
    ...input,
    scope: { ownerId: input.userId },
    id: profile.id,
    values: { candidateId: wanted },
  });
};

/**
 * Ends what stands between a candidate and an account: the link row ENDED (a waiting invitation
 * withdrawn), `candidate.userId` cleared, and the seeker no longer sees the agency's CVs of them.
 */
const endLink = async (db: Executor, input: Writer & { link: LinkRow; side: Side }) => {
  const { caller, link } = input;
  const ended = await setLink(db, {
    caller,
    link,
    values: { status: 'ENDED', endedAt: new Date(), endedBy: who(caller), endedBySide: input.side },
    extra: { endedBy: input.side },
  });
  if (link.status === 'ACCEPTED') {
    const scope = { organisationId: link.organisationId };
    const candidate = await candidateRepository.find(db, scope, link.candidateId);
    if (candidate?.userId === link.userId) {
      await candidateRepository.update(db, { ...input, scope, id: link.candidateId, values: { userId: null } });
    }
    await loggedUpdate(db, {
      caller,
      table: candidateCvs,
      entityType: 'Candidate CV',
      where: and(eq(candidateCvs.jobSeekerId, link.candidateId), eq(candidateCvs.userId, link.userId)) as never,
      values: { userId: null },
    });
    await relinkProfile(db, { ...input, userId: link.userId });
  }
  return ended;
};

/**
 * An email that is a job seeker's own account: the agency may only invite them. One invitation
 * stands per candidate, and per organisation and account; a second call while it waits mails
 * nothing; after the seeker refuses or ends a link the agency waits `reinviteAfterDays`.
 */
export const inviteJobSeeker = async (
  db: Executor,
  input: Writer & { caller: Caller; candidateId: string; organisationId: string; seeker: { id: string; email: string } },
) => {
  const { caller, services, candidateId, organisationId, seeker } = input;
  const rows = await db
    .select({ link: candidateAccountLinks, candidateDeleted: candidates.isDeleted })
    .from(candidateAccountLinks)
    .leftJoin(candidates, eq(candidates.id, candidateAccountLinks.candidateId))
    .where(
      and(
        eq(candidateAccountLinks.organisationId, organisationId),
        eq(candidateAccountLinks.userId, seeker.id),
        inArray(candidateAccountLinks.status, [...live]),
      ),
    );
  // A link left standing on a candidate deleted before deletes ran the hooks everywhere ends now, as its delete would have.
  for (const row of rows.filter((found) => found.candidateDeleted !== false)) {
    await endLink(db, { ...input, link: row.link, side: 'AGENCY' });
  }
  const standing = rows.filter((found) => found.candidateDeleted === false).map((found) => found.link);
  const mine = standing.find((row) => row.candidateId === candidateId);
  if (mine?.status === 'PENDING') return { link: mine, mailed: false };
  if (standing.some((row) => row.status === 'ACCEPTED')) throw conflict('This job seeker is already linked to another of your candidates');
  if (standing.length > 0) throw conflict('An invitation to this job seeker from another of your candidates is waiting for their answer');
  // A link the agency itself ended or withdrew does not hold it back; the seeker's no does.
  const [declined] = await db
    .select({ at: candidateAccountLinks.updatedAt })
    .from(candidateAccountLinks)
    .where(
      and(
        eq(candidateAccountLinks.organisationId, organisationId),
        eq(candidateAccountLinks.userId, seeker.id),
        or(
          eq(candidateAccountLinks.status, 'REFUSED'),
          and(eq(candidateAccountLinks.status, 'ENDED'), eq(candidateAccountLinks.endedBySide, 'SEEKER')),
        ),
      ),
    )
    .orderBy(desc(candidateAccountLinks.updatedAt))
    .limit(1);
  const declinedAt = declined?.at;
  if (declinedAt && Date.now() - declinedAt.getTime() < reinviteAfterDays * dayMs) {
    const from = new Date(declinedAt.getTime() + reinviteAfterDays * dayMs).toISOString().slice(0, 10);
    throw conflict(`The job seeker declined to link with your organisation; you may invite them again from ${from}`);
  }
  let link: LinkRow;
  try {
    [link] = (await db
      .insert(candidateAccountLinks)
      .values({
        id: newId(),
        organisationId,
        candidateId,
        userId: seeker.id,
        status: 'PENDING',
        origin: 'INVITATION',
        invitedBy: who(caller),
      })
      .returning()) as [LinkRow];
  } catch (error) {
    // Two calls at once: the other one's invitation stands.
    if (isUniqueViolation(error)) throw conflict('An invitation to this job seeker is already waiting for their answer');
    throw error;
  }
  await logLinkChange(db, { caller, candidateId, from: null, to: 'PENDING' });
  const agency = caller.organisationName ?? 'A recruitment agency';
  await services.mail.send(db, {
    to: seeker.email,
    subject: `${agency} invites you to link your job seeker profile`,
    text: [
      `${agency} has you as a candidate and invites you to link your job seeker profile to their record.`,
      `If you accept, they see your name, phone, about and skills as you keep them on your profile, for as long as you stay linked. Nothing is shared unless you accept, and you can end the link at any time.`,
      `To accept or refuse, sign in and open your agencies: ${services.config.appUrl}/seeker/agencies`,
      `If you do not know ${agency}, refuse the invitation or ignore this mail.`,
    ].join('\n\n'),
  });
  return { link, mailed: true };
};

/** The link a credentials call makes when it creates the account for its candidate: standing from the start. */
export const recordIssuedLink = async (
  db: Executor,
  input: { caller: Caller; candidateId: string; organisationId: string; userId: string },
) => {
  const now = new Date();
  await db.insert(candidateAccountLinks).values({
    id: newId(),
    organisationId: input.organisationId,
    candidateId: input.candidateId,
    userId: input.userId,
    status: 'ACCEPTED',
    origin: 'CREDENTIALS',
    invitedBy: who(input.caller),
    respondedAt: now,
  });
  await logLinkChange(db, {
    caller: input.caller,
    candidateId: input.candidateId,
    from: null,
    to: 'ACCEPTED',
    extra: { origin: 'CREDENTIALS' },
  });
};

/** Whether the organisation may mail the account a new password: it issued it, and the holder has not chosen their own. */
export const passwordResettable = (user: { credentialsIssuedBy: string | null; mustChangePassword: boolean }, organisationId: string) =>
  user.credentialsIssuedBy === organisationId && user.mustChangePassword;

/** The candidate's live link (ended first when the candidate is deleted): called by the candidate's delete. */
export const endLinksOfCandidate = async (db: Executor, input: Writer & { candidateId: string }) => {
  const link = await liveLinkOf(db, input.candidateId);
  if (link) await endLink(db, { ...input, link, side: 'AGENCY' });
};

/**
 * A merge keeps one link on the survivor. The merged candidate's link moves to the survivor when
 * the survivor took its account (it had none) or, for a waiting invitation, when the survivor has
 * no invitation or link of its own; otherwise it ends. Run after the survivor's update.
 */
export const carryLinksThroughMerge = async (
  db: Executor,
  input: Writer & { survivorId: string; mergedId: string; survivorHadAccount: boolean },
) => {
  const { caller, survivorId, mergedId } = input;
  const merged = await liveLinkOf(db, mergedId);
  if (!merged) return;
  const survivor = await liveLinkOf(db, survivorId);
  const takesIt = !input.survivorHadAccount && (merged.status === 'ACCEPTED' || !survivor);
  if (!takesIt) {
    await setLink(db, {
      caller,
      link: merged,
      values: { status: 'ENDED', endedAt: new Date(), endedBy: who(caller), endedBySide: 'AGENCY' },
      extra: { endedBy: 'AGENCY', mergedInto: survivorId },
    });
    return;
  }
  // The survivor's own waiting invitation gives way to the account the merge brought.
  if (survivor)
    await setLink(db, {
      caller,
      link: survivor,
      values: { status: 'ENDED', endedAt: new Date(), endedBy: who(caller), endedBySide: 'AGENCY' },
    });
  await db
    .update(candidateAccountLinks)
    .set({ candidateId: survivorId, updatedAt: new Date() })
    .where(eq(candidateAccountLinks.id, merged.id));
  await logLinkChange(db, { caller, candidateId: survivorId, from: null, to: merged.status, extra: { movedFrom: mergedId } });
  if (merged.status === 'ACCEPTED') await relinkProfile(db, { ...input, userId: merged.userId });
};

/** The agency's view of its candidate's link: the newest invitation or link, and whether a password reset would be allowed. */
const staffView = async (db: Executor, input: { organisationId: string; candidate: { id: string; userId?: unknown } }) => {
  const [link] = await db
    .select()
    .from(candidateAccountLinks)
    .where(and(eq(candidateAccountLinks.candidateId, input.candidate.id), eq(candidateAccountLinks.organisationId, input.organisationId)))
    .orderBy(desc(candidateAccountLinks.createdAt))
    .limit(1);
  let resettable = false;
  if (input.candidate.userId) {
    const [user] = await db
      .select({ credentialsIssuedBy: users.credentialsIssuedBy, mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(and(eq(users.id, String(input.candidate.userId)), eq(users.isDeleted, false)));
    resettable = !!user && passwordResettable(user, input.organisationId);
  }
  const view: CandidateAccountLink = {
    _id: input.candidate.id,
    status: link?.status ?? 'NONE',
    origin: link?.origin ?? null,
    invitedAt: (link?.createdAt ?? null) as never,
    respondedAt: (link?.respondedAt ?? null) as never,
    endedAt: (link?.endedAt ?? null) as never,
    endedBySide: link?.endedBySide ?? null,
    passwordResettable: resettable,
  };
  return view;
};

/** The seeker's view of one link: the agency by name only. */
const seekerViews = async (db: Executor, userId: string, where = eq(candidateAccountLinks.userId, userId)) => {
  const rows = await db
    .select({ link: candidateAccountLinks, organisationName: organisations.name, candidateDeleted: candidates.isDeleted })
    .from(candidateAccountLinks)
    .innerJoin(organisations, eq(organisations.id, candidateAccountLinks.organisationId))
    .leftJoin(candidates, eq(candidates.id, candidateAccountLinks.candidateId))
    .where(and(eq(candidateAccountLinks.userId, userId), where))
    .orderBy(desc(candidateAccountLinks.createdAt))
    .limit(200);
  return rows.map(({ link, organisationName, candidateDeleted }) => {
    // A candidate deleted without its link ended (a bulk delete) counts as ended: nothing reaches it.
    const gone = candidateDeleted !== false && live.includes(link.status as never);
    return {
      _id: link.id,
      organisation: { _id: link.organisationId, name: organisationName },
      status: gone ? 'ENDED' : link.status,
      origin: link.origin,
      invitedAt: link.createdAt,
      respondedAt: link.respondedAt,
      endedAt: gone ? link.updatedAt : link.endedAt,
      endedBySide: gone ? 'AGENCY' : link.endedBySide,
    };
  });
};

/**
 * The signed-in seeker's own link, locked for the change; another's (or none) is a 404. The
 * candidate's row is locked first, in the order the agency's calls lock them, so an acceptance and
 * the agency's end or credentials call wait for each other instead of deadlocking.
 */
const ownLink = async (db: Executor, caller: Caller, id: string) => {
  const mine = and(eq(candidateAccountLinks.id, id), eq(candidateAccountLinks.userId, caller.id));
  const [found] = await db.select({ candidateId: candidateAccountLinks.candidateId }).from(candidateAccountLinks).where(mine);
  if (!found) throw notFound('Invitation');
  await db.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, found.candidateId)).for('update');
  const [row] = await db.select().from(candidateAccountLinks).where(mine).for('update');
  if (!row) throw notFound('Invitation');
  return row;
};

const answerOf = async (db: Executor, caller: Caller, id: string) => {
  const [view] = await seekerViews(db, caller.id, eq(candidateAccountLinks.id, id));
  if (!view) throw notFound('Invitation');
  return view;
};

/** Accepting links the account to that one candidate and copies the profile's shared fields onto it, logged. */
const accept = async (db: Executor, input: Writer & { caller: Caller; link: LinkRow }) => {
  const { caller, link } = input;
  const [candidate] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.id, link.candidateId), eq(candidates.organisationId, link.organisationId)))
    .for('update');
  if (!candidate || candidate.isDeleted || (candidate.userId && candidate.userId !== caller.id)) {
    await setLink(db, { caller, link, values: { status: 'ENDED', endedAt: new Date(), endedBySide: 'AGENCY' } });
    return false;
  }
  const profile = await ownJobSeeker(db, caller);
  await setLink(db, { caller, link, values: { status: 'ACCEPTED', respondedAt: new Date() } });
  await copyToCandidate(db, {
    ...input,
    organisationId: link.organisationId,
    candidateId: candidate.id,
    values: sharedOf(profile as Record<string, unknown>, { all: true }),
    extra: { userId: caller.id },
  });
  await relinkProfile(db, { ...input, userId: caller.id });
  return true;
};

/** The seeker's calls on their invitations and links, and the agency's on its candidate's. */
export const registerCandidateAccountLinks = (app: FastifyInstance) => {
  registerCall(app, { ...myAgencyLinks, unscoped: callersOwn }, async ({ db, caller }) => ({
    results: await seekerViews(db, (caller as Caller).id),
  }));

  registerCall(app, { ...acceptAgencyLink, unscoped: callersOwn }, async (ctx) => {
    const { db, input } = ctx;
    const me = ctx.caller as Caller;
    const link = await ownLink(db, me, input._id);
    if (link.status !== 'PENDING') throw conflict('This invitation has already been answered');
    const linked = await accept(db, { ...ctx, caller: me, link });
    if (!linked) return new Answer(await answerOf(db, me, link.id), 'This invitation is no longer open');
    return new Answer(await answerOf(db, me, link.id), 'You are linked: the agency sees your profile as you keep it');
  });

  registerCall(app, { ...refuseAgencyLink, unscoped: callersOwn }, async ({ db, caller, input }) => {
    const me = caller as Caller;
    const link = await ownLink(db, me, input._id);
    if (link.status !== 'PENDING') throw conflict('This invitation has already been answered');
    await setLink(db, { caller: me, link, values: { status: 'REFUSED', respondedAt: new Date() } });
    return new Answer(await answerOf(db, me, link.id), 'Invitation refused: nothing of your profile is shared');
  });

  registerCall(app, { ...endAgencyLink, unscoped: callersOwn }, async (ctx) => {
    const { db, input } = ctx;
    const me = ctx.caller as Caller;
    const link = await ownLink(db, me, input._id);
    if (link.status !== 'ACCEPTED') throw conflict('This agency is not linked to your profile');
    await endLink(db, { ...ctx, caller: me, link, side: 'SEEKER' });
    return new Answer(await answerOf(db, me, link.id), 'Link ended: the agency gets nothing further from your profile');
  });

  registerCall(app, candidateAccountLinkDetails, async ({ db, scope, input }) => {
    const candidate = await candidateRepository.get(db, scope, input._id);
    return staffView(db, { organisationId: candidate.organisationId as string, candidate });
  });

  registerCall(app, endCandidateAccountLink, async (ctx) => {
    const { db, scope, input } = ctx;
    const candidate = await candidateRepository.get(db, scope, input._id);
    // Locked so a seeker's acceptance and the agency's end cannot cross.
    await db.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, candidate.id)).for('update');
    const link = await liveLinkOf(db, candidate.id);
    if (!link) throw conflict('This candidate has no invitation or link to end');
    const wasPending = link.status === 'PENDING';
    await endLink(db, { ...ctx, link, side: 'AGENCY' });
    const fresh = await candidateRepository.get(db, scope, candidate.id);
    const view = await staffView(db, { organisationId: candidate.organisationId as string, candidate: fresh });
    return new Answer(view, wasPending ? 'Invitation withdrawn' : 'Link ended: the candidate keeps what it holds and gets nothing further');
  });
};
