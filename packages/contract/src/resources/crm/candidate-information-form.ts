import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue, listRequest, listResult } from '../../conventions/list';
import { codeHolderCalls, otpValue } from '../../conventions/one-time-code';
import { referenceSummary } from '../../conventions/references';
import { defineResource, defineWorkflow } from '../../define-resource';
import { candidateFields, candidatePreferences } from './candidate';

/**
 * DECISIONS.md §8: PENDING until the candidate (or client) fills it in, FILLED until staff decide,
 * then APPROVED (the data is copied onto the record) or REJECTED (nothing changes).
 */
export const informationStatuses = ['PENDING', 'FILLED', 'APPROVED', 'REJECTED'] as const;
export type InformationStatus = (typeof informationStatuses)[number];
export const informationStatus = z
  .enum(informationStatuses, { error: 'Status must be PENDING, FILLED, APPROVED or REJECTED' })
  .meta({ optionLabels: { PENDING: 'Not filled in yet', FILLED: 'To review', APPROVED: 'Approved', REJECTED: 'Rejected' } });

/** What staff decide of a filled form or request: the only statuses change-status moves to. */
export const reviewDecisions = ['APPROVED', 'REJECTED'] as const;

export const onlyApproveOrReject = 'A filled form can only be approved or rejected';
export const notFilledYet = 'This form has not been filled in yet: it can be approved or rejected once it is';
export const alreadyDecided = (status: string, what = 'form') =>
  `This ${what} has already been ${status === 'APPROVED' ? 'approved' : 'rejected'}`;
export const alreadyFilled = 'This form has already been filled';
export const onlyPendingChanged = 'Only a form still waiting for the candidate can be changed';

/** crm.md §4: what a request asks the candidate for. */
export const informationRequestTypes = [
  'COMPLETE',
  'CONTACT',
  'ABOUT',
  'PROFILE',
  'PREFERENCES',
  'SKILLS',
  'LANGUAGE',
  'WORK_HISTORY',
  'EDUCATION',
  'PROJECT',
] as const;
export type InformationRequestType = (typeof informationRequestTypes)[number];

/**
 * The candidate's fields a form may propose: the profile without its ids, status, account, files
 * (a visitor with a code uploads nothing), links to other records, and never diversity.
 */
export const informationFields = [
  'name',
  'email',
  'phone',
  'address',
  'about',
  'linkedInLink',
  'gitHubLink',
  'preferences',
  'skills',
  'personalSkills',
  'languages',
  'workHistory',
  'projects',
  'education',
  'instituteInfo',
] as const;
export type InformationField = (typeof informationFields)[number];
export type PreferenceKey = keyof typeof candidatePreferences.shape;

type InformationPart = {
  /** The request in words, for the staff's choice and the candidate's page. */
  label: string;
  /** What the candidate is asked, in a sentence. */
  description: string;
  /** The candidate fields the part is made of, besides email and phone (every form has them). */
  fields: readonly InformationField[];
  /** Where only some of the preferences belong to the part: those keys. */
  preferenceKeys?: readonly PreferenceKey[];
};

/**
 * Every form confirms how to reach the candidate: the spec's fill-form always takes email and phone
 * (crm.md §5), so they belong to every part.
 */
export const alwaysAsked = ['email', 'phone'] as const satisfies readonly InformationField[];

/**
 * The one table of what each request type asks: the server shows (information-data) and accepts
 * (fill-form, submit-information-request) only its part, and copies only its part on approval; the
 * web draws its fields from it.
 */
export const informationParts: Record<InformationRequestType, InformationPart> = {
  COMPLETE: {
    label: 'Complete profile',
    description:
      'Every part of your profile: contact details, about you, preferences, skills, languages, work history, education and projects.',
    fields: informationFields,
  },
  CONTACT: {
    label: 'Contact details',
    description: 'Your name, how to reach you, where you live and your LinkedIn and GitHub.',
    fields: ['name', 'address', 'linkedInLink', 'gitHubLink'],
  },
  ABOUT: { label: 'About', description: 'A few words about you and your work.', fields: ['about'] },
  PROFILE: {
    label: 'Profile',
    description: 'Your name, a few words about you, and your current and desired job titles.',
    fields: ['name', 'about', 'preferences'],
    preferenceKeys: ['currentJobTitle', 'desiredJobTitle'],
  },
  PREFERENCES: {
    label: 'Preferences',
    description: 'The work you are looking for: where, what kind, salary, notice period and more.',
    fields: ['preferences'],
  },
  SKILLS: { label: 'Skills', description: 'Your skills, each rated, and your personal skills.', fields: ['skills', 'personalSkills'] },
  LANGUAGE: { label: 'Languages', description: 'The languages you speak and how well.', fields: ['languages'] },
  WORK_HISTORY: { label: 'Work history', description: 'The jobs you have had, most recent first.', fields: ['workHistory'] },
  EDUCATION: {
    label: 'Education',
    description: 'Your qualifications, and your course if you are studying.',
    fields: ['education', 'instituteInfo'],
  },
  PROJECT: { label: 'Projects', description: 'Projects you are proud of, with a link where there is one.', fields: ['projects'] },
};

export const informationRequestType = z
  .enum(informationRequestTypes, { error: `Request type must be one of ${informationRequestTypes.join(', ')}` })
  .meta({ optionLabels: Object.fromEntries(informationRequestTypes.map((type) => [type, informationParts[type].label])) });

/** The fields of a part: email and phone, then its own, each once. */
export const partFieldsOf = (type: InformationRequestType): InformationField[] => [
  ...new Set<InformationField>([...alwaysAsked, ...informationParts[type].fields]),
];

/** A schema's fields made optional without their defaults: what is stored of a part is answered as it is. */
const optionalWithoutDefaults = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [
        key,
        (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
      ]),
    ),
  );

const candidateShape = candidateFields.shape;
export type CandidateInformationData = Partial<{ [K in InformationField]: z.output<(typeof candidateShape)[K]> | null }>;

/**
 * What a form holds or shows of a candidate: any part of the fields above (the candidate's own
 * schemas and messages), preferences perhaps only some of their keys.
 */
export const candidateInformationData = z.object({
  ...Object.fromEntries(informationFields.map((field) => [field, (candidateShape[field] as z.ZodType).optional()])),
  preferences: optionalWithoutDefaults(candidatePreferences).nullable().optional(),
}) as unknown as z.ZodType<CandidateInformationData>;

/**
 * What a request of one type accepts: its part's fields, checked as a candidate's are (required
 * where the candidate's are), and nothing else: another key is refused by name.
 */
export const partSchemaOf = (type: InformationRequestType) => {
  const part = informationParts[type];
  const shape: Record<string, z.ZodType> = {};
  for (const field of partFieldsOf(type)) shape[field] = candidateShape[field] as z.ZodType;
  if (part.preferenceKeys) {
    const keys = Object.fromEntries(part.preferenceKeys.map((key) => [key, true])) as Record<PreferenceKey, true>;
    shape.preferences = candidatePreferences.pick(keys).strict().optional().nullable();
  }
  return z.object(shape).strict();
};

/** The refusal of a key a request of this type does not ask for. */
export const notAskedFor = (field: string, type: InformationRequestType) =>
  `This form does not ask for ${field}: it is for ${informationParts[type].label.toLowerCase()}`;

type Values = Record<string, unknown>;

/** A candidate's current values of a part (never diversity, which no part holds): what a form shows before it is filled in. */
export const partOf = (type: InformationRequestType, candidate: Values): CandidateInformationData => {
  const part = informationParts[type];
  const picked: Values = {};
  for (const field of partFieldsOf(type)) picked[field] = candidate[field] ?? null;
  if (part.preferenceKeys) {
    const preferences = (candidate.preferences ?? {}) as Values;
    picked.preferences = Object.fromEntries(part.preferenceKeys.map((key) => [key, preferences[key] ?? null]));
  }
  return picked as CandidateInformationData;
};

/**
 * What approving writes onto the candidate: exactly the part's fields the form holds; preferences
 * of a part that asks only some of them are laid over the candidate's own, so the rest stay.
 */
export const approvedValues = (type: InformationRequestType, candidate: Values, data: Values): Values => {
  const part = informationParts[type];
  const values: Values = {};
  for (const field of partFieldsOf(type)) {
    if (!(field in data)) continue;
    values[field] =
      field === 'preferences' && part.preferenceKeys
        ? { ...((candidate.preferences ?? {}) as Values), ...((data.preferences ?? {}) as Values) }
        : data[field];
  }
  return values;
};

/** STAFF_REQUEST: staff sent it (send-request, create); CANDIDATE: the candidate asked from their panel. */
export const informationSources = ['STAFF_REQUEST', 'CANDIDATE'] as const;
export const informationSource = z
  .enum(informationSources)
  .meta({ optionLabels: { STAFF_REQUEST: 'Asked by staff', CANDIDATE: 'Sent by the candidate' } });

const reviewer = z.object({ _id: z.string(), name: z.string() });

/**
 * A request to a candidate to fill in or confirm part of their profile (crm.md §3 Candidate
 * information form): mailed as a link to a public page opened by a one-time code, or sent by the
 * candidate from their panel; staff then approve (the part is copied onto the candidate, through
 * the candidate's own checks and log) or reject it.
 */
export const candidateInformationForm = defineResource({
  name: 'CandidateInformationForm',
  table: 'candidate_information_forms',
  label: 'Information form',
  tenancy: 'organisation',
  access: { module: 'CandidateInformationForm' },
  itemIdPrefix: 'CIF',
  labelField: 'itemId.combined',
  references: { candidateId: { resource: 'Candidate', expandAs: 'candidate' } },
  fields: z.object({
    candidateId: z.string(),
    requestType: informationRequestType,
    status: informationStatus,
    /** What the candidate proposed, once filled in: their part of the profile. */
    data: candidateInformationData.nullable(),
    filledAt: z.string().nullable(),
    source: informationSource,
    /** The address the link was last mailed to, and when. */
    sentTo: z.string().nullable(),
    sentAt: z.string().nullable(),
    reviewedBy: reviewer.nullable(),
    reviewedAt: z.string().nullable(),
    /** Details for staff: the candidate's current values of the same part, to compare side by side. */
    current: candidateInformationData.nullable().optional(),
  }),
  create: z
    .object({
      candidateId: mongoId('candidateId'),
      requestType: informationRequestType.default('COMPLETE'),
    })
    .strict(),
  update: z.object({ _id: mongoId(), requestType: informationRequestType.optional() }).strict(),
  search: ['itemId.combined', 'sentTo'],
  filters: {
    candidateId: filterId('candidateId'),
    status: filterValue(informationStatus),
    requestType: filterValue(informationRequestType),
    source: filterValue(informationSource),
    createdAt: filterDateRange,
  },
  computed: ['current'],
  sortable: ['filledAt', 'createdAt'],
  calls: {
    create: {
      method: 'POST',
      path: '/candidate/information-form/',
      who: ['CRM_USER'],
      summary: 'Makes a form for a candidate (PENDING), without mailing it: send-request mails it',
    },
    update: {
      method: 'PUT',
      path: '/candidate/information-form/',
      who: ['CRM_USER'],
      summary: 'Changes what a form asks for, while it waits for the candidate',
    },
    details: {
      method: 'POST',
      path: '/candidate/information-form/details',
      who: ['CRM_USER'],
      summary: 'A form, with the candidate’s current values of its part beside what they proposed',
    },
    list: { method: 'POST', path: '/candidate/information-form/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/candidate/information-form/delete', who: ['CRM_USER'] },
  },
});

const formRecord = z.object({ _id: z.string() }).passthrough();

/** Staff mail a candidate the link to a form of one type: their PENDING one of that type again (a reminder), or a new one. */
export const sendInformationRequest = defineWorkflow({
  name: 'sendInformationRequest',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/send-request',
  who: ['CRM_USER'],
  access: { module: 'CandidateInformationForm' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary:
    'Mails the candidate a link to fill in part of their profile (the CANDIDATE_INFORMATION_FORM_REQUEST template when active); again, a reminder',
  input: z
    .object({
      candidateId: mongoId('candidateId'),
      requestType: informationRequestType.default('COMPLETE'),
      /** A few words of staff's own, added to the letter. */
      message: z.string().trim().max(5000).optional().nullable(),
    })
    .strict(),
  output: formRecord,
});

/** What a visitor with the link learns before any code: whether there is anything to fill in, and for whom. Nothing personal. */
export const checkedInformationForm = z.object({
  _id: z.string(),
  status: informationStatus,
  requestType: informationRequestType,
  organisationName: z.string(),
});

export const checkInformationForm = defineWorkflow({
  name: 'checkInformationForm',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/check-form',
  who: ['public'],
  summary: 'The form’s status and type and the agency’s name: nothing of the candidate',
  input: z.object({ _id: mongoId() }).strict(),
  output: checkedInformationForm,
});

/** The public page's code (DECISIONS.md §9): mailed to the candidate's own address, only while the form waits. */
export const informationFormCodes = codeHolderCalls({
  resource: 'CandidateInformationForm',
  tag: 'CandidateInformationForm',
  sendOtpPath: '/candidate/information-form/send-otp',
  checkOtpPath: '/candidate/information-form/check-otp',
});

/** What the form's page shows once the code is checked: the candidate's current values of the part, to correct. */
export const heldInformationForm = z.object({
  _id: z.string(),
  status: informationStatus,
  requestType: informationRequestType,
  organisationName: z.string(),
  /** The fields this form asks for, in order. */
  fields: z.array(z.enum(informationFields)),
  data: candidateInformationData,
  /** The agency's notice periods, to choose from where the part holds preferences. */
  noticePeriods: z.array(referenceSummary),
});

/**
 * The spec's input of the page's calls: the form and the code (crm.md §5: "Information-form OTP
 * calls require an otp text"). What authorises them is the holder token check-otp answered for this
 * form (DECISIONS.md §9): the code itself was used up when it was checked.
 */
const codeHolderInput = { _id: mongoId(), otp: otpValue };

export const informationFormData = defineWorkflow({
  name: 'informationFormData',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/information-data',
  who: ['code-holder'],
  holds: 'CandidateInformationForm',
  summary: 'The candidate’s current values of the form’s part (never diversity), for the holder of the form’s code',
  input: z.object(codeHolderInput).strict(),
  output: heldInformationForm,
});

export const fillInformationForm = defineWorkflow({
  name: 'fillInformationForm',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/fill-form',
  who: ['code-holder'],
  holds: 'CandidateInformationForm',
  summary: 'The candidate’s answers: email, phone and the rest of the form’s part (data); the form becomes FILLED',
  input: z
    .object({
      ...codeHolderInput,
      email: candidateFields.shape.email,
      phone: candidateFields.shape.phone,
      /** The rest of the part, as its type asks (partSchemaOf): another field is refused. */
      data: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
  output: z.object({ _id: z.string(), status: informationStatus, filledAt: z.string() }),
});

/** Staff's decision on a filled form: APPROVED copies its part onto the candidate, REJECTED changes nothing. */
export const changeInformationFormStatus = defineWorkflow({
  name: 'changeInformationFormStatus',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/change-status',
  who: ['CRM_USER'],
  access: { module: 'CandidateInformationForm' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Approves (copies the part onto the candidate, logged) or rejects a filled form',
  input: z.object({ _id: mongoId(), status: informationStatus }).strict(),
  output: formRecord,
});

/** One filled form waiting for a decision, as the review list shows it. */
export const filledProfileRow = z.object({
  _id: z.string(),
  itemId: z.object({ combined: z.string() }).nullable(),
  candidateId: z.string(),
  candidate: referenceSummary,
  requestType: informationRequestType,
  source: informationSource,
  filledAt: z.string().nullable(),
});

export const filledProfileList = defineWorkflow({
  name: 'filledProfileList',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/filled-profile-list',
  who: ['CRM_USER'],
  access: { module: 'CandidateInformationForm' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'Filled forms waiting for a decision, newest first, with the candidate’s name',
  input: listRequest(),
  output: listResult(filledProfileRow),
});

/** A candidate signed in as a job seeker proposes changes to their profile at one of their agencies: FILLED, for staff to review. */
export const submitInformationRequest = defineWorkflow({
  name: 'submitInformationRequest',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/submit-information-request',
  who: ['JOB_SEEKER'],
  summary:
    'The signed-in candidate’s proposed changes to a part of their profile at an agency (candidate: the candidate linked to their account)',
  input: z
    .object({
      candidate: mongoId('candidate id'),
      requestType: informationRequestType.default('COMPLETE'),
      /** The part, email and phone included, as its type asks (partSchemaOf). */
      data: z.record(z.string(), z.unknown(), { error: 'Please provide the details to update' }),
    })
    .strict(),
  output: z.object({ _id: z.string(), status: informationStatus, requestType: informationRequestType }),
});

export const candidateInfoRequestCheck = defineWorkflow({
  name: 'candidateInfoRequestCheck',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/info-request-check',
  who: ['JOB_SEEKER'],
  summary: 'Whether one of the signed-in candidate’s profiles has a request open (PENDING or FILLED)',
  input: listRequest(),
  output: z.boolean(),
});

/** One agency's copy of the signed-in candidate, as their panel shows it: what it holds of them, and their requests. */
export const myCandidateProfile = z.object({
  candidateId: z.string(),
  organisationName: z.string(),
  /** What the agency holds of them, every part (never diversity). */
  current: candidateInformationData,
  requests: z.array(
    z.object({
      _id: z.string(),
      requestType: informationRequestType,
      status: informationStatus,
      source: informationSource,
      createdAt: z.string(),
      filledAt: z.string().nullable(),
      reviewedAt: z.string().nullable(),
    }),
  ),
  noticePeriods: z.array(referenceSummary),
});

export const myCandidateProfiles = defineWorkflow({
  name: 'myCandidateProfiles',
  tag: 'CandidateInformationForm',
  method: 'POST',
  path: '/candidate/information-form/my-profiles',
  who: ['JOB_SEEKER'],
  summary: 'The agencies the signed-in job seeker is linked to as a candidate: what each holds of them and their requests (an extra call)',
  input: z.object({}).strict(),
  output: z.array(myCandidateProfile),
});
