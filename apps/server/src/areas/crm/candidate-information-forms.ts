import type { CrmAccess } from '@app/contract/access';
import type { PersonName } from '@app/contract/conventions/common';
import type { ListRequest } from '@app/contract/conventions/list';
import { candidate } from '@app/contract/resources/crm/candidate';
import {
  alreadyDecided,
  alreadyFilled,
  approvedValues,
  candidateInfoRequestCheck,
  changeInformationFormStatus,
  checkInformationForm,
  filledProfileList,
  fillInformationForm,
  type InformationRequestType,
  informationFormCodes,
  informationFormData,
  informationParts,
  myCandidateProfiles,
  notAskedFor,
  notFilledYet,
  onlyApproveOrReject,
  onlyPendingChanged,
  partFieldsOf,
  partOf,
  partSchemaOf,
  sendInformationRequest,
  submitInformationRequest,
} from '@app/contract/resources/crm/candidate-information-form';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { candidateInformationForms } from '../../db/schema/information-requests';
import { organisations } from '../../db/schema/organisations';
import { checkPermission, readScopes } from '../../engine/access';
import { registerCodeHolderCalls } from '../../engine/code-holder-calls';
import { type Caller, type Scope, unscoped } from '../../engine/context';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import type { ResourceHooks, WriteContext } from '../../engine/resource-hooks';
import { parseInput } from '../../engine/validate';
import { activeTemplateOf, filledLetter } from '../email/templates';
import { templateValuesOf } from '../hiring/application-mail';
import { candidateRepository } from './candidate-repository';
import { ensureNoticePeriods } from './candidates';
import { informationFormRepository } from './information-form-repository';

type Hooks = ResourceHooks<typeof informationFormRepository.def>;
type Values = Record<string, unknown>;
type FormRow = Values & { id: string; candidateId: string; requestType: InformationRequestType; status: string; organisationId: string };

/** A visitor names one form by the id in their link: they learn its status and the agency, nothing of the candidate. */
const byLink = unscoped('a visitor names one form by the id in their link: they learn its status and the agency’s name only');
const callersOwn = 'a job seeker reaches only the candidates linked to their own account (candidates.userId)';

const organisationNameOf = async (db: Executor, organisationId: string) => {
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  return row?.name ?? '';
};

/** The candidate a form is about, live, in the form's organisation: what a code holder or the system reads. */
const candidateOf = async (db: Executor, form: { organisationId: string; candidateId: string }) =>
  (await candidateRepository.find(db, { organisationId: form.organisationId }, form.candidateId)) as Values | undefined;

const partHasPreferences = (type: InformationRequestType) => partFieldsOf(type).includes('preferences');

/** The agency's notice periods to choose from, where the part holds preferences (the defaults are seeded on first use). */
const noticePeriodsFor = async (
  db: Executor,
  writer: Omit<WriteContext, 'scope'>,
  organisationId: string,
  type: InformationRequestType,
) => {
  if (!partHasPreferences(type) || informationParts[type].preferenceKeys) return [];
  await ensureNoticePeriods(db, { ...writer, organisationId });
  const rows = await db
    .select({ _id: crmNoticePeriods.id, label: crmNoticePeriods.label })
    .from(crmNoticePeriods)
    .where(and(eq(crmNoticePeriods.organisationId, organisationId), eq(crmNoticePeriods.isDeleted, false)))
    .orderBy(asc(crmNoticePeriods.valueInDays), asc(crmNoticePeriods.createdAt));
  return rows;
};

/**
 * The part a request of this type takes, checked with the candidate's own schemas: a key of another
 * part is refused by name, a required field by the candidate's message (`data.<field>`).
 */
const checkedPart = (type: InformationRequestType, data: Values) => {
  const asked = new Set<string>(partFieldsOf(type));
  for (const key of Object.keys(data)) {
    if (!asked.has(key)) {
      const message = notAskedFor(key, type);
      throw badRequest(message, [{ field: `data.${key}`, message }]);
    }
  }
  return parseInput(z.object({ data: partSchemaOf(type) }), { data }).data as Values;
};

const reviewerOf = (caller: Caller | null) => (caller ? { _id: caller.id, name: caller.name || caller.email } : null);

/** Staff's generic create makes a PENDING form of staff's asking; workflows write their own status and source. */
const beforeCreate: Hooks['beforeCreate'] = ({ values }) => ({ status: 'PENDING', source: 'STAFF_REQUEST', data: null, ...values });

/** What a form asks for changes only while the candidate has not answered it. */
const beforeUpdate: Hooks['beforeUpdate'] = ({ values, before }) => {
  if (values.requestType !== undefined && values.requestType !== before.requestType && before.status !== 'PENDING') {
    throw conflict(onlyPendingChanged);
  }
  return values;
};

/** Staff's details carry the candidate's current values of the same part, to compare side by side. */
const afterRead: Hooks['afterRead'] = async ({ db, operation, records }) => {
  if (operation !== 'details') return records;
  return Promise.all(
    records.map(async (record) => {
      const form = record as unknown as FormRow & { _id: string };
      const person = await candidateOf(db, { organisationId: form.organisationId, candidateId: form.candidateId });
      return { ...record, current: person ? partOf(form.requestType, person) : null };
    }),
  );
};

/** The letter with the link: the organisation's ACTIVE CANDIDATE_INFORMATION_FORM_REQUEST template, or the built-in one. */
const requestLetter = async (
  db: Executor,
  input: { organisationId: string; person: Values; type: InformationRequestType; link: string; message: string | null },
) => {
  const organisationName = await organisationNameOf(db, input.organisationId);
  const template = await activeTemplateOf(db, input.organisationId, 'CANDIDATE_INFORMATION_FORM_REQUEST');
  const fillIt = `Fill in the form here: ${input.link}`;
  const { person } = input;
  if (template) {
    const letter = filledLetter(
      template,
      templateValuesOf({
        person: {
          name: person.name,
          email: (person.email as string | null) ?? null,
          phone: (person.phone as string | null) ?? null,
          address: (person.address as never) ?? null,
          preferences: person.preferences,
        },
        jobTitle: '',
        organisationName,
      }),
    );
    return { subject: letter.subject, text: [letter.text, input.message, fillIt].filter(Boolean).join('\n\n') };
  }
  const first = (person.name as PersonName | null)?.first;
  const part = informationParts[input.type];
  return {
    subject: `${organisationName}: please check your details`,
    text: [
      `Hello${first ? ` ${first}` : ''},`,
      input.type === 'COMPLETE'
        ? `${organisationName} would like you to check and complete your profile, so we put you forward for the right roles.`
        : `${organisationName} would like you to check your ${part.label.toLowerCase()}: ${part.description.charAt(0).toLowerCase()}${part.description.slice(1)}`,
      input.message,
      `${fillIt}\n\nWe will email a one-time code to this address to open it. It takes a few minutes on a phone.`,
      `Kind regards,\n${organisationName}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
};

/** The form a code holds, waiting for the candidate: a filled one is closed (409), a deleted one or candidate gone a 404. */
const heldForm = async (db: Executor, scope: Scope, id: string) => {
  const form = (await informationFormRepository.find(db, scope, id)) as FormRow | undefined;
  if (!form) throw notFound(informationFormRepository.label);
  if (form.status !== 'PENDING') throw conflict(alreadyFilled);
  const person = await candidateOf(db, form);
  if (!person) throw notFound(informationFormRepository.label);
  return { form, person };
};

/** The signed-in job seeker's candidates (one per agency that linked them), live. */
const seekersCandidates = (db: Executor, userId: string, where = [] as ReturnType<typeof eq>[]) =>
  db
    .select()
    .from(candidates)
    .where(and(eq(candidates.userId, userId), eq(candidates.isDeleted, false), ...where));

/**
 * `/candidate/information-form`: staff ask a candidate to fill in or confirm a part of their
 * profile (a mailed link to a public page opened by a one-time code), or the candidate asks from
 * their panel; staff approve (the part is written onto the candidate through its repository, so
 * its duplicate checks, self contact and log apply) or reject.
 */
export const registerCandidateInformationForms = (app: FastifyInstance) => {
  registerResource(app, informationFormRepository, { hooks: { beforeCreate, beforeUpdate, afterRead } });

  registerCall(app, sendInformationRequest, async (ctx) => {
    const { db, scope, input, services, caller } = ctx;
    const organisationId = scope.organisationId as string;
    // The candidate as the caller may read it: one they cannot see is a 404, as naming it on a create is.
    const candidateScope = (await readScopes(db, { caller: caller as Caller, scope: { ...scope, visibleTo: undefined } }))(
      candidate.access as CrmAccess,
    );
    const person = candidateScope
      ? ((await candidateRepository.find(db, candidateScope, input.candidateId)) as Values | undefined)
      : undefined;
    if (!person) throw notFound(candidateRepository.label);
    const [waiting] = await db
      .select({ id: candidateInformationForms.id })
      .from(candidateInformationForms)
      .where(
        and(
          eq(candidateInformationForms.candidateId, input.candidateId),
          eq(candidateInformationForms.requestType, input.requestType),
          eq(candidateInformationForms.status, 'PENDING'),
          ...informationFormRepository.scopeWhere({ organisationId }),
        ),
      )
      .orderBy(desc(candidateInformationForms.createdAt))
      .limit(1);
    const sent = { sentTo: person.email as string, sentAt: new Date() };
    const form = waiting
      ? await informationFormRepository.update(db, { ...ctx, scope: { organisationId }, id: waiting.id, values: sent })
      : await informationFormRepository.create(db, {
          ...ctx,
          values: { candidateId: input.candidateId, requestType: input.requestType, status: 'PENDING', source: 'STAFF_REQUEST', ...sent },
        });
    const letter = await requestLetter(db, {
      organisationId,
      person,
      type: input.requestType,
      link: `${services.config.appUrl}/form/${form._id}`,
      message: input.message ?? null,
    });
    await services.mail.send(db, {
      to: person.email as string,
      ...letter,
      sentFor: {
        organisationId,
        by: caller ? { id: caller.id, name: caller.name || caller.email } : null,
        kind: 'CANDIDATE_INFORMATION_FORM_REQUEST',
        relatedTo: [
          { _id: form._id as string, entityType: 'CandidateInformationForm' },
          { _id: input.candidateId, entityType: 'Candidate' },
        ],
      },
    });
    const record = await informationFormRepository.details(db, { organisationId }, form._id as string);
    return new Answer(record, waiting ? `Reminder sent to ${person.email}` : `Information request sent to ${person.email}`);
  });

  registerCall(app, { ...checkInformationForm, unscoped: byLink.unscoped, transaction: false }, async ({ db, input }) => {
    const form = (await informationFormRepository.find(db, byLink, input._id)) as FormRow | undefined;
    if (!form) throw notFound(informationFormRepository.label);
    return {
      _id: form.id,
      status: form.status,
      requestType: form.requestType,
      organisationName: await organisationNameOf(db, form.organisationId),
    };
  });

  registerCodeHolderCalls(app, {
    calls: informationFormCodes,
    repository: informationFormRepository,
    // Only to the candidate's own address as the agency holds it now, and only while the form waits.
    recipientOf: async (record, db) => {
      const form = record as FormRow;
      if (form.status !== 'PENDING') throw conflict(alreadyFilled);
      const person = await candidateOf(db, form);
      return (person?.email as string | undefined) ?? null;
    },
    mailOf: async (record, code, db) => {
      const name = await organisationNameOf(db, (record as FormRow).organisationId);
      return {
        subject: `Your code for ${name ? `${name}’s` : 'the'} form`,
        text: `Your code is ${code}. It is valid for 10 minutes and opens the form ${name || 'the agency'} asked you to fill in. If you did not ask for it, you can ignore this mail.`,
      };
    },
  });

  registerCall(app, informationFormData, async (ctx) => {
    const { db, scope, input } = ctx;
    const { form, person } = await heldForm(db, scope, input._id);
    return {
      _id: form.id,
      status: form.status,
      requestType: form.requestType,
      organisationName: await organisationNameOf(db, form.organisationId),
      fields: partFieldsOf(form.requestType),
      data: partOf(form.requestType, person),
      noticePeriods: (await noticePeriodsFor(db, ctx, form.organisationId, form.requestType)).map((period) => ({
        _id: period._id,
        label: period.label,
      })),
    };
  });

  registerCall(app, fillInformationForm, async (ctx) => {
    const { db, scope, input } = ctx;
    const { form } = await heldForm(db, scope, input._id);
    const data = checkedPart(form.requestType, { ...(input.data ?? {}), email: input.email, phone: input.phone });
    const filledAt = new Date();
    await informationFormRepository.update(db, {
      ...ctx,
      scope: { organisationId: form.organisationId },
      id: form.id,
      values: { data, status: 'FILLED', filledAt },
    });
    return new Answer(
      { _id: form.id, status: 'FILLED', filledAt: filledAt.toISOString() },
      'Thank you: your details have been sent for review',
    );
  });

  registerCall(app, changeInformationFormStatus, async (ctx) => {
    const { db, scope, input, caller } = ctx;
    if (input.status !== 'APPROVED' && input.status !== 'REJECTED') {
      throw badRequest(onlyApproveOrReject, [{ field: 'status', message: onlyApproveOrReject }]);
    }
    const form = (await informationFormRepository.get(db, scope, input._id)) as FormRow;
    if (form.status === 'PENDING') throw badRequest(notFilledYet);
    if (form.status !== 'FILLED') throw badRequest(alreadyDecided(form.status));
    if (input.status === 'APPROVED') {
      // Written as the approver: they must be allowed to change this candidate, and its own checks and log apply.
      const candidateScope = {
        ...scope,
        visibleTo: undefined,
        ...(await checkPermission(db, { caller: caller as Caller, access: candidate.access as CrmAccess, level: 'WRITE' })),
      };
      const person = (await candidateRepository.get(db, candidateScope, form.candidateId)) as Values;
      const values = approvedValues(form.requestType, person, (form.data ?? {}) as Values);
      await candidateRepository.update(db, { ...ctx, scope: candidateScope, id: form.candidateId, values });
    }
    await informationFormRepository.update(db, {
      ...ctx,
      id: form.id,
      values: { status: input.status, reviewedBy: reviewerOf(caller), reviewedAt: new Date() },
      action: 'STATUS_CHANGE',
    });
    const record = await informationFormRepository.details(db, scope, form.id);
    return new Answer(
      record,
      input.status === 'APPROVED' ? 'Approved: the candidate’s profile is updated' : 'Rejected: the candidate’s profile is unchanged',
    );
  });

  registerCall(app, { ...filledProfileList, transaction: false }, async ({ db, scope, input }) => {
    const request: ListRequest = { ...input, filter: { status: 'FILLED' }, sort: { field: 'filledAt', direction: 'desc' } };
    const page = await informationFormRepository.list(db, scope, request);
    return {
      ...page,
      results: page.results.map((row) => {
        const record = row as unknown as Values & { _id: string; candidateId: string };
        return {
          ...record,
          candidate: (record.candidate as { _id: string; label: string | null } | undefined) ?? { _id: record.candidateId, label: null },
        };
      }),
    };
  });

  registerCall(app, { ...submitInformationRequest, unscoped: callersOwn }, async (ctx) => {
    const { db, input, caller } = ctx;
    const [person] = await seekersCandidates(db, (caller as Caller).id, [eq(candidates.id, input.candidate)]);
    if (!person?.organisationId) throw notFound(candidateRepository.label);
    const data = checkedPart(input.requestType, input.data);
    const organisationId = person.organisationId;
    const writer = { ...ctx, scope: { organisationId } };
    const [open] = await db
      .select({ id: candidateInformationForms.id, status: candidateInformationForms.status })
      .from(candidateInformationForms)
      .where(
        and(
          eq(candidateInformationForms.candidateId, person.id),
          eq(candidateInformationForms.requestType, input.requestType),
          inArray(candidateInformationForms.status, ['PENDING', 'FILLED']),
          ...informationFormRepository.scopeWhere({ organisationId }),
        ),
      )
      .orderBy(desc(candidateInformationForms.createdAt))
      .limit(1);
    const filled = { data, status: 'FILLED', filledAt: new Date() };
    // A form staff sent of this type is answered; one already waiting for review takes the newer details.
    const form = open
      ? await informationFormRepository.update(db, { ...writer, id: open.id, values: filled })
      : await informationFormRepository.create(db, {
          ...writer,
          values: { candidateId: person.id, requestType: input.requestType, source: 'CANDIDATE', ownerId: person.ownerId, ...filled },
        });
    return new Answer(
      { _id: form._id, status: 'FILLED', requestType: input.requestType },
      open?.status === 'FILLED'
        ? 'Your new details replace the ones waiting for review'
        : 'Thank you: your details have been sent for review',
    );
  });

  registerCall(app, { ...candidateInfoRequestCheck, unscoped: callersOwn, transaction: false }, async ({ db, caller }) => {
    const [open] = await db
      .select({ id: candidateInformationForms.id })
      .from(candidateInformationForms)
      .innerJoin(candidates, eq(candidates.id, candidateInformationForms.candidateId))
      .where(
        and(
          eq(candidates.userId, (caller as Caller).id),
          eq(candidates.isDeleted, false),
          eq(candidateInformationForms.isDeleted, false),
          eq(candidateInformationForms.organisationId, candidates.organisationId),
          inArray(candidateInformationForms.status, ['PENDING', 'FILLED']),
        ),
      )
      .limit(1);
    return Boolean(open);
  });

  registerCall(app, { ...myCandidateProfiles, unscoped: callersOwn }, async (ctx) => {
    const { db, caller } = ctx;
    const people = await seekersCandidates(db, (caller as Caller).id);
    const answers = [];
    for (const person of people) {
      const organisationId = person.organisationId as string;
      const requests = await db
        .select({
          _id: candidateInformationForms.id,
          requestType: candidateInformationForms.requestType,
          status: candidateInformationForms.status,
          source: candidateInformationForms.source,
          createdAt: candidateInformationForms.createdAt,
          filledAt: candidateInformationForms.filledAt,
          reviewedAt: candidateInformationForms.reviewedAt,
        })
        .from(candidateInformationForms)
        .where(and(eq(candidateInformationForms.candidateId, person.id), ...informationFormRepository.scopeWhere({ organisationId })))
        .orderBy(desc(candidateInformationForms.createdAt))
        .limit(20);
      answers.push({
        candidateId: person.id,
        organisationName: await organisationNameOf(db, organisationId),
        current: partOf('COMPLETE', person as unknown as Values),
        requests,
        noticePeriods: await noticePeriodsFor(db, ctx, organisationId, 'COMPLETE'),
      });
    }
    return answers;
  });
};
