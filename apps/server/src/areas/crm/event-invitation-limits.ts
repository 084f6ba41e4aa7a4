import {
  maxOutsideAttendeesPerEvent,
  maxOutsideInvitationsPerHour,
  tooManyOutsideAttendees,
  tooManyOutsideInvitations,
} from '@app/contract/resources/crm/sent-mail';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema/services';
import { badRequest, tooManyRequests } from '../../engine/errors';

const hourMs = 60 * 60 * 1000;

/**
 * Refuses an event write that would make the calendar a mail relay: more outside attendees on the
 * event than `maxOutsideAttendeesPerEvent` (a 400 on `attendeesMails`, checked when the write sends
 * them), or more new outside invitations by this staff member in the last hour than
 * `maxOutsideInvitationsPerHour` (a 429). Runs in the write's transaction before any mail is queued,
 * so a refused write leaves nothing written and mails no one.
 *
 * The hour is counted from the outbox itself: the invitations to outside addresses this staff
 * member's writes queued (`EVENT_INVITATION`, an address new to its event, and `INTERVIEW_INVITATION`
 * to an interview's outside interviewer; an update's copy to those already invited does not count). Every process shares that table,
 * the hour rolls rather than resetting on the clock, and the count belongs to the transaction that
 * adds to it: a write refused or rolled back for any other reason counts nothing. Writes by one
 * staff member take a transaction lock first, so two at once cannot both pass on the same count.
 */
export const checkOutsideInvitations = async (input: {
  db: Executor;
  senderId: string;
  /** Every outside address the event has after the write. */
  outside: Set<string>;
  /** Those of them new to the event: the ones this write invites for the first time. */
  added: Set<string>;
  checkEvent: boolean;
}) => {
  const { db, senderId, outside, added } = input;
  if (input.checkEvent && outside.size > maxOutsideAttendeesPerEvent) {
    throw badRequest(tooManyOutsideAttendees, [{ field: 'attendeesMails', message: tooManyOutsideAttendees }]);
  }
  if (added.size === 0) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`outside-invitations:${senderId}`}))`);
  const [sent] = await db
    .select({ count: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.ownerId, senderId),
        inArray(mailOutbox.kind, ['EVENT_INVITATION', 'INTERVIEW_INVITATION']),
        eq(mailOutbox.outside, true),
        gt(mailOutbox.createdAt, sql`now() - (${hourMs}::integer * interval '1 millisecond')`),
      ),
    );
  if ((sent?.count ?? 0) + added.size > maxOutsideInvitationsPerHour) throw tooManyRequests(tooManyOutsideInvitations);
};
