import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import type { ContactProfile } from '@app/contract/resources/crm/contact';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import type { Writer } from '../../engine/resource-hooks';
import { contactRepository } from './contact-repository';

type CandidateFields = {
  id: string;
  ownerId?: unknown;
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  linkedInLink?: unknown;
  gitHubLink?: unknown;
  address?: unknown;
};

/** The person on a candidate's own contact card: the candidate's name, email, phone, links and address. */
export const contactProfileOfCandidate = (candidate: CandidateFields): ContactProfile => {
  const name = candidate.name as PersonName;
  return {
    name: { ...name, fullName: name.fullName ?? fullNameOf(name) },
    email: candidate.email as string,
    contactNumbers: candidate.phone ? [{ number: candidate.phone as string }] : [],
    linkedInLink: (candidate.linkedInLink as string | null) ?? null,
    gitHubLink: (candidate.gitHubLink as string | null) ?? null,
    address: (candidate.address as ContactProfile['address']) ?? null,
  };
};

/** The fields of a candidate its self contact copies: a write touching none of them leaves the contact alone. */
export const selfContactFields = ['name', 'email', 'phone', 'linkedInLink', 'gitHubLink', 'address'] as const;

/**
 * Makes the candidate's own contact (a Contact with selfContact true, related to the candidate) or
 * brings it in step with the candidate. What the contact holds beyond the candidate's fields
 * (designation, other numbers) is kept. Done for the candidate whoever the caller is: the contact
 * is the candidate's, not a record the caller chose to write.
 */
export const syncSelfContact = async (db: Executor, input: Writer & { organisationId: string; candidate: CandidateFields }) => {
  const { organisationId, candidate } = input;
  const scope = { organisationId };
  const fresh = contactProfileOfCandidate(candidate);
  const [row] = await db.select({ selfContactId: candidates.selfContactId }).from(candidates).where(eq(candidates.id, candidate.id));
  const [existing] = row?.selfContactId
    ? await db
        .select()
        .from(crmContacts)
        .where(and(eq(crmContacts.id, row.selfContactId), eq(crmContacts.isDeleted, false)))
    : [];
  if (existing) {
    const before = (existing.profile ?? {}) as ContactProfile;
    const otherNumbers = (before.contactNumbers ?? []).slice(1);
    const profile = { ...before, ...fresh, contactNumbers: [...(fresh.contactNumbers ?? []), ...otherNumbers] };
    if (JSON.stringify(profile) !== JSON.stringify(before)) {
      await contactRepository.update(db, { ...input, scope, id: existing.id, values: { profile } });
    }
    return existing.id;
  }
  const created = await contactRepository.create(db, {
    ...input,
    scope,
    values: {
      profile: fresh,
      relatedTo: [{ _id: candidate.id, entityType: 'Candidate' }],
      selfContact: true,
      clientId: null,
      // The candidate's card is owned as the candidate is, whoever's write made it (a seeker's board apply).
      ...(typeof candidate.ownerId === 'string' ? { ownerId: candidate.ownerId } : {}),
    },
  });
  const id = created._id as string;
  // Bookkeeping of the candidate's link to its card, not an edit of the candidate.
  await db.update(candidates).set({ selfContactId: id }).where(eq(candidates.id, candidate.id));
  return id;
};
