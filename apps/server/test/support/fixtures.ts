import type { ResourceDefinition } from '@app/contract/define-resource';
import { jobSeekerReference } from '@app/contract/resources/content/admin-board';
import { adminNote, article, author, contactQuery, employeeCard, engagementTemplate } from '@app/contract/resources/content/article';
import { callLog } from '@app/contract/resources/crm/call-log';
import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { candidateInformationForm } from '@app/contract/resources/crm/candidate-information-form';
import { client } from '@app/contract/resources/crm/client';
import { clientInformationRequest, submitClientInformation } from '@app/contract/resources/crm/client-information-request';
import { contact } from '@app/contract/resources/crm/contact';
import { email } from '@app/contract/resources/crm/email';
import { emailTemplate } from '@app/contract/resources/crm/email-template';
import { event } from '@app/contract/resources/crm/event';
import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
import { lead } from '@app/contract/resources/crm/lead';
import { crmNote } from '@app/contract/resources/crm/note';
import { savedView } from '@app/contract/resources/crm/saved-view';
import { sentMail } from '@app/contract/resources/crm/sent-mail';
import { task } from '@app/contract/resources/crm/task';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { entityLog } from '@app/contract/resources/entity-log';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { feedback } from '@app/contract/resources/hiring/feedback';
import { interview } from '@app/contract/resources/hiring/interview';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { recruiterCompany } from '@app/contract/resources/job-board/company';
import {
  coverLetter,
  coverLetterSection,
  coverLetterSuggestion,
  coverLetterTemplate,
  seekerCoverLetterSections,
} from '@app/contract/resources/job-board/cover-letter';
import { cv } from '@app/contract/resources/job-board/cv';
import { job } from '@app/contract/resources/job-board/job';
import { industry, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { FastifyInstance } from 'fastify';
import { aCandidate, candidateInput } from './candidates';
import { articleBody } from './content';
import { aClientOf, aLongList } from './hiring';
import { aCompany, type Company, cvInput, jobInput, type Seeker } from './job-board';
import { call } from './test-app';
import { aClientUser } from './test-resources';
import { anUploadedFile } from './uploads';
import { aStaffMember, password, unique, type World } from './world';

type Body = Record<string, unknown>;

/**
 * The people the generic suite needs: the CRM world, plus a job board's registered seekers and
 * recruiter companies (a job seeker's CVs and a company's jobs need the profile rows registering makes).
 */
export type SuiteWorld = World & { board: { seeker: Seeker; otherSeeker: Seeker; company: Company; otherCompany: Company } };

/**
 * What the generic suite needs to exercise one resource: who makes the calls, a valid and an
 * invalid create (with the spec's message), an update, and who owns records the actor must never
 * reach (another organisation's admin, another seeker, another company), or why no one can.
 */
export type Fixture = {
  def: ResourceDefinition;
  actor: (w: SuiteWorld) => string;
  /** Another tenant (organisation, owner): every call of the actor on their record is a 404. */
  otherTenantActor?: (w: SuiteWorld) => string;
  /** Why the other-tenant cases cannot apply (a platform catalogue is one for everyone). */
  noOtherTenant?: string;
  /** Who deletes, where the call is not for the usual actor (roles: super admin only). */
  removeActor?: (w: SuiteWorld) => string;
  /** Makes a record where the resource has no create call (its records come from workflows). */
  make?: (w: SuiteWorld, app: FastifyInstance, token: string) => Promise<Body & { _id: string }>;
  /** `token` is whose record it will be, for a record that points at others of that tenant's. */
  create?: (w: SuiteWorld, app: FastifyInstance, token?: string) => Promise<Body> | Body;
  invalidCreate?: { body: (w: SuiteWorld, app: FastifyInstance) => Promise<Body> | Body; message: string; field: string };
  update?: Body;
  /** What the update answers, where the record stores what was sent differently (a score kept with its words). */
  updated?: Body;
  /** A status the set-status call moves a record to (INACTIVE unless the resource has its own statuses). */
  otherStatus?: string;
  searchFor: (created: Body) => string;
  /** The message for an update without its id, where the spec names the id (a CV's is cvId). */
  missingIdMessage?: string;
};

const platformCatalogue = 'a platform catalogue: one for everyone, no organisation or owner to cross';

const firstSection = async (app: FastifyInstance, token: string) => {
  const { body } = await call(app, coverLetterSection.calls.list!, { limit: 1 }, token);
  return body.data.results[0] as { _id: string };
};

/** A letter with the seeker's first two sections, as the builder saves it. */
const letterInput = async (app: FastifyInstance, token: string) => {
  const { body } = await call(app, seekerCoverLetterSections, {}, token);
  const [greeting, opening] = body.data.results as { _id: string }[];
  return {
    title: unique('Letter for Acme '),
    jobSeekerDetails: { name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@example.com', phone: '447700900123', designation: 'Analyst' },
    recipientDetails: { name: 'Ms Byron', companyName: 'Acme Engines', jobTitle: 'Lead Analyst' },
    bodySections: [
      { sectionId: greeting!._id, orderNumber: 0, content: '<p>Dear Ms Byron,</p>', isDraggable: false },
      { sectionId: opening!._id, orderNumber: 1, content: '<p>I am writing to apply for the Lead Analyst role.</p>' },
    ],
  };
};

const firstModule = async (app: FastifyInstance, token: string) => {
  const { body } = await call(app, crmModule.calls.list!, { search: 'Candidate', limit: 1 }, token);
  return body.data.results[0] as { _id: string };
};
const firstFeatureOf = async (app: FastifyInstance, token: string, moduleId: string) => {
  const { body } = await call(app, crmFeature.calls.list!, { filter: { moduleId }, limit: 1 }, token);
  return body.data.results[0] as { _id: string };
};

/** An interview of a new long-listed application, with the organisation's first staff member on its panel. */
const interviewInput = async (app: FastifyInstance, token: string) => {
  const { applications } = await aLongList<{ _id: string; candidateId: string }>(app, token, 1);
  const staff = await call(app, organisationStaff.calls.list!, { limit: 1 }, token);
  return {
    interviewType: unique('Technical '),
    medium: 'PHONE',
    interviewerIds: [staff.body.data.results[0]._id],
    jobApplicationId: applications[0]?._id,
    startTime: '2027-03-10T10:00:00.000Z',
    endTime: '2027-03-10T11:00:00.000Z',
  };
};

export const fixtures: Fixture[] = [
  {
    def: organisation,
    actor: (w) => w.root,
    noOtherTenant: 'organisations are the tenants: only the super admin manages them',
    create: () => ({
      name: unique('Acme Recruiting '),
      email: `${unique('acme')}@example.com`,
      phoneNumber: '+44 161 496 0000',
      adminUser: { email: `${unique('boss')}@example.com`, phone: '+447700900123', passwordHash: password },
    }),
    invalidCreate: {
      body: () => ({
        name: 'No admin',
        email: 'org@example.com',
        phoneNumber: '0161',
        adminUser: { email: '', phone: '1', passwordHash: password },
      }),
      message: 'Please enter admin user email',
      field: 'adminUser.email',
    },
    update: { name: 'Renamed Recruiting Ltd' },
    searchFor: (c) => String(c.name),
  },
  {
    def: organisationStaff,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      name: { first: 'Grace', last: unique('Hopper') },
      email: `${unique('grace')}@example.com`,
      phone: '+447700900555',
      password,
    }),
    invalidCreate: { body: () => ({ name: { first: 'Grace' }, phone: '1', password }), message: 'Please enter email', field: 'email' },
    update: { designation: 'Senior Recruiter' },
    searchFor: (c) => String((c.name as { last: string }).last),
  },
  {
    def: client,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ name: unique('Acme Hiring '), email: `${unique('talent')}@acme.example`, phone: { number: '+447700900123' } }),
    invalidCreate: { body: () => ({ email: 'talent@acme.example' }), message: 'Please enter company name', field: 'name' },
    update: { about: 'Hires engineers in Leeds and Manchester.' },
    searchFor: (c) => String(c.name),
  },
  {
    def: contact,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      profile: { name: { first: 'Ada', last: unique('Lovelace ') }, email: `${unique('ada')}@acme.example`, designation: 'Head of Talent' },
    }),
    invalidCreate: { body: () => ({ profile: { name: { first: 'Ada' } } }), message: 'Please enter email', field: 'profile.email' },
    update: { stage: 'Met' },
    searchFor: (c) => String((c.profile as { name: { last: string } }).name.last),
  },
  {
    def: callLog,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => {
      const person = await call(
        app,
        contact.calls.create!,
        { profile: { name: { first: 'Cleo' }, email: `${unique('cleo')}@acme.example` } },
        token,
      );
      return { title: unique('Intro call '), contactIds: [person.body.data._id], direction: 'INBOUND' };
    },
    invalidCreate: { body: () => ({ title: 'No one on the line' }), message: 'Call log needs at least 1 contact id', field: 'contactIds' },
    update: { comments: 'Wants two engineers by March.' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmNote,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ note: unique('Called about the Leeds role ') }),
    invalidCreate: { body: () => ({ isImportant: true }), message: 'Please provide note', field: 'note' },
    update: { isImportant: true },
    searchFor: (c) => String(c.note),
  },
  {
    def: task,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ title: unique('Chase references '), priority: 'HIGH', dueDate: new Date(Date.now() + 86_400_000).toISOString() }),
    invalidCreate: { body: () => ({ priority: 'LOW' }), message: 'Please provide a title.', field: 'title' },
    update: { description: 'Two referees still to answer.' },
    searchFor: (c) => String(c.title),
  },
  {
    def: event,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ title: unique('Intro call '), startTime: '2027-02-01T10:00:00.000Z', endTime: '2027-02-01T10:30:00.000Z' }),
    invalidCreate: {
      body: () => ({ startTime: '2027-02-01T10:00:00.000Z', endTime: '2027-02-01T10:30:00.000Z' }),
      message: 'Please provide a title.',
      field: 'title',
    },
    update: { description: 'Bring the shortlist.' },
    searchFor: (c) => String(c.title),
  },
  {
    def: feedbackCategory,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ label: unique('Communication '), value: 'communication' }),
    invalidCreate: { body: () => ({ value: 'no-label' }), message: 'Please provide category label', field: 'label' },
    update: { label: 'Technical skills', value: 'technical-skills' },
    searchFor: (c) => String(c.label),
  },
  {
    def: feedbackRatingOption,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => ({
      categoryId: (await call(app, feedbackCategory.calls.create!, { label: unique('Communication ') }, token)).body.data._id,
      label: unique('Strong '),
      points: '4',
    }),
    invalidCreate: {
      body: async (w, app) => ({
        categoryId: (await call(app, feedbackCategory.calls.create!, { label: unique('Communication ') }, w.orgA.adminToken)).body.data._id,
        points: '4',
      }),
      message: 'Please provide rating label.',
      field: 'label',
    },
    update: { label: 'Very strong', points: '5' },
    searchFor: (c) => String(c.label),
  },
  {
    def: emailTemplate,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      title: unique('Rejection '),
      templateType: 'JOB_APPLICANT_REJECTION',
      subject: 'About {{jobTitle}}',
      content: 'Dear {{firstName}}',
    }),
    invalidCreate: { body: () => ({ title: 'No subject' }), message: 'Please provide subject.', field: 'subject' },
    update: { subject: 'Your application for {{jobTitle}}' },
    searchFor: (c) => String(c.title),
  },
  {
    // The generic create saves a draft; sending is the send workflow's (test/emails.test.ts).
    def: email,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      subject: unique('Catching up '),
      textHtml: '<p>Are you free on Thursday?</p>',
      toEmails: [{ email: 'ada@example.com' }],
    }),
    invalidCreate: { body: () => ({ textHtml: '<p>No subject yet</p>' }), message: 'Please provide subject', field: 'subject' },
    update: { subject: 'Catching up next week' },
    searchFor: (c) => String(c.subject),
  },
  {
    def: hiringPipeline,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      title: unique('Graduate scheme '),
      items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }, { stage: { title: 'Hired', stageType: 'HIRED' } }],
    }),
    invalidCreate: {
      body: () => ({ items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }] }),
      message: 'Please provide a title.',
      field: 'title',
    },
    update: { description: 'For the spring intake.' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmJob,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => ({
      title: unique('Data engineer '),
      content: '<p>Pipelines and dashboards.</p>',
      clientId: (await aClientOf(app, token))._id,
    }),
    invalidCreate: {
      body: async (w, app) => ({ title: 'No content', clientId: (await aClientOf(app, w.orgA.adminToken))._id }),
      message: 'Please fill the job content',
      field: 'content',
    },
    update: { description: 'Hybrid, two days in Leeds.' },
    otherStatus: 'PUBLISHED',
    searchFor: (c) => String(c.title),
  },
  {
    def: interview,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => interviewInput(app, token),
    invalidCreate: {
      body: async (w, app) => ({ ...(await interviewInput(app, w.orgA.adminToken)), interviewType: ' ' }),
      message: 'Please provide the interview type.',
      field: 'interviewType',
    },
    update: { remarks: 'Ask about the warehouse migration.' },
    otherStatus: 'COMPLETED',
    searchFor: (c) => String(c.interviewType),
  },
  {
    def: feedback,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => {
      const { applications } = await aLongList<{ _id: string; candidateId: string }>(app, token, 1);
      return { jobApplicationId: applications[0]?._id, remarks: unique('Keen, asks good questions '), overallScore: 4 };
    },
    invalidCreate: {
      body: async (w, app) => {
        const { applications } = await aLongList<{ _id: string; candidateId: string }>(app, w.orgA.adminToken, 1);
        return { jobApplicationId: applications[0]?._id, remarks: ' ', overallScore: 4 };
      },
      message: 'Please provide remarks ',
      field: 'remarks',
    },
    update: { remarks: 'Second thoughts: strong on the technical side.', overallScore: 5 },
    updated: { remarks: 'Second thoughts: strong on the technical side.', overallScore: { score: 'Strong yes', points: 5 } },
    searchFor: (c) => String(c.remarks),
  },
  {
    def: lead,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({
      title: unique('Hiring drive '),
      source: 'Referral',
      followUpDate: '2026-12-01T09:00:00.000Z',
      companyDetails: { name: unique('Initech '), website: 'https://initech.example' },
    }),
    invalidCreate: {
      body: () => ({ title: 'No company', companyDetails: {} }),
      message: 'Please provide company name.',
      field: 'companyDetails.name',
    },
    update: { status: 'CONTACTED', notes: 'Called the hiring manager.' },
    otherStatus: 'QUALIFIED',
    searchFor: (c) => String(c.title),
  },
  {
    def: savedView,
    actor: (w) => w.orgA.adminToken,
    // Owner tenancy: a colleague in the same organisation is the other tenant.
    otherTenantActor: (w) => w.staffA.token,
    create: () => ({
      resource: 'Client',
      name: unique('Active London '),
      search: 'London',
      filter: { status: 'ACTIVE' },
      columns: ['name'],
    }),
    invalidCreate: { body: () => ({ resource: 'Client' }), message: 'Please enter view name', field: 'name' },
    update: { columns: ['name', 'email'] },
    searchFor: (c) => String(c.name),
  },
  {
    def: crmNoticePeriod,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ label: unique('Notice '), valueInDays: 21 }),
    invalidCreate: { body: () => ({ valueInDays: 3 }), message: 'Please provide label', field: 'label' },
    update: { valueInDays: 45 },
    searchFor: (c) => String(c.label),
  },
  {
    def: candidate,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => candidateInput(),
    invalidCreate: { body: () => ({ ...candidateInput(), email: undefined }), message: 'Please enter email', field: 'email' },
    update: { about: 'Backend engineer, open to Leeds.' },
    searchFor: (c) => String(c.email),
  },
  {
    def: candidateInformationForm,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => ({ candidateId: (await aCandidate(app, token))._id, requestType: 'CONTACT' }),
    invalidCreate: {
      body: () => ({ candidateId: 'nope', requestType: 'CONTACT' }),
      message: 'candidateId must be a valid mongoId',
      field: 'candidateId',
    },
    update: { requestType: 'ABOUT' },
    searchFor: (c) => (c.itemId as { combined: string }).combined,
  },
  {
    def: clientInformationRequest,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    // A client user of a new client of the token's organisation proposes its details: FILLED, for staff.
    make: async (w, app, token) => {
      const organisationId = token === w.orgB.adminToken ? w.orgB.id : w.orgA.id;
      const made = await call(app, client.calls.create!, { name: unique('Acme '), email: `${unique('talent')}@acme.example` }, token);
      const user = await aClientUser(app, { organisationId, clientId: made.body.data._id });
      const data = { name: unique('Acme Renamed '), email: `${unique('hello')}@acme.example`, phone: { number: '+44 20 7946 0001' } };
      const { body } = await call(app, submitClientInformation, { data }, user.token);
      return body.data;
    },
    update: { data: { name: 'Acme Holdings', email: 'hello@acme-holdings.example' } },
    searchFor: (c) => String((c.data as { name: string }).name),
  },
  {
    def: candidateCv,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => ({
      jobSeekerId: (await aCandidate(app, token))._id,
      file: await anUploadedFile(app, token),
      cvTitle: unique('CV '),
    }),
    invalidCreate: {
      body: async (w, app) => ({ jobSeekerId: (await aCandidate(app, w.orgA.adminToken))._id }),
      message: 'Please upload a file',
      field: 'file',
    },
    searchFor: (c) => String(c.cvTitle),
  },
  {
    def: team,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: () => ({ name: unique('Tech desk ') }),
    invalidCreate: { body: () => ({}), message: 'Please enter team name', field: 'name' },
    update: { name: 'Finance desk' },
    searchFor: (c) => String(c.name),
  },
  {
    def: teamMember,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    create: async (w, app, token = w.orgA.adminToken) => {
      const created = await call(app, team.calls.create, { name: unique('Desk ') }, token);
      const member = await aStaffMember(app, token);
      return { teamId: created.body.data._id, userId: member.id, memberType: unique('Recruiter ') };
    },
    invalidCreate: { body: (w) => ({ userId: w.staffA.id }), message: 'Please choose a team', field: 'teamId' },
    update: { memberType: 'Team lead' },
    searchFor: (c) => String(c.memberType),
  },
  {
    def: crmModule,
    actor: (w) => w.root,
    noOtherTenant: platformCatalogue,
    create: () => ({ title: unique('Module '), value: unique('module-') }),
    invalidCreate: { body: () => ({ value: 'x' }), message: 'Please provide title', field: 'title' },
    update: { title: 'Renamed module' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmFeature,
    actor: (w) => w.root,
    noOtherTenant: platformCatalogue,
    create: async (w, app) => ({
      title: unique('Feature '),
      value: unique('feature-'),
      modelName: 'Candidate',
      moduleId: (await firstModule(app, w.root))._id,
    }),
    invalidCreate: {
      body: async (w, app) => ({ title: 'F', value: 'f', moduleId: (await firstModule(app, w.root))._id }),
      message: 'Please provide model name',
      field: 'modelName',
    },
    update: { title: 'Renamed feature' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmPermission,
    actor: (w) => w.root,
    noOtherTenant: platformCatalogue,
    create: async (w, app) => {
      const module = await firstModule(app, w.root);
      const feature = await firstFeatureOf(app, w.root, module._id);
      return {
        title: unique('Permission '),
        moduleId: module._id,
        featureId: feature._id,
        access_level: 'READ',
        conditions: { scope: 'OWN' },
      };
    },
    invalidCreate: {
      body: async (w, app) => {
        const module = await firstModule(app, w.root);
        return { moduleId: module._id, featureId: (await firstFeatureOf(app, w.root, module._id))._id };
      },
      message: 'Please provide access level',
      field: 'access_level',
    },
    update: { access_level: 'WRITE' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmRole,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    removeActor: (w) => w.root,
    create: () => ({ title: unique('Recruiter '), value: unique('recruiter-'), permissions: [] }),
    invalidCreate: { body: () => ({ title: 'Recruiter' }), message: 'Please provide value', field: 'value' },
    update: { title: 'Lead recruiter' },
    searchFor: (c) => String(c.title),
  },
  {
    def: entityLog,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    make: async (_w, app, token) => {
      const role = await call(app, crmRole.calls.create!, { title: unique('Logged '), value: unique('logged-'), permissions: [] }, token);
      const { body } = await call(app, entityLog.calls.list!, { filter: { entityId: role.body.data._id } }, token);
      return body.data.results[0];
    },
    searchFor: (c) => String(c.description),
  },
  {
    def: sentMail,
    actor: (w) => w.orgA.adminToken,
    otherTenantActor: (w) => w.orgB.adminToken,
    // An invitation to an outside address, once the queue has taken it (its status no longer moves).
    make: async (_w, app, token) => {
      const to = `${unique('guest')}@outside.example`;
      const created = await call(
        app,
        event.calls.create!,
        { title: unique('Mailed '), startTime: '2027-02-01T10:00:00.000Z', endTime: '2027-02-01T10:30:00.000Z', attendeesMails: [to] },
        token,
      );
      await app.services.queue.drain();
      const { body } = await call(app, sentMail.calls.list!, { filter: { relatedTo: created.body.data._id } }, token);
      return body.data.results[0];
    },
    searchFor: (c) => String(c.to),
  },
  ...[
    { def: skill, extra: { type: 'HARD' }, missingLabel: 'Please enter skill name' },
    { def: language, extra: { status: 'ACTIVE' }, missingLabel: 'Please enter language name' },
    { def: jobTitle, extra: {}, missingLabel: 'Please enter job title' },
    { def: industry, extra: {}, missingLabel: 'Please enter industry name' },
  ].map(
    ({ def, extra, missingLabel }): Fixture => ({
      def,
      actor: (w) => w.platformAdmin.token,
      noOtherTenant: platformCatalogue,
      create: () => ({ label: unique(`${def.name} `), ...extra }),
      invalidCreate: { body: () => ({ ...extra }), message: missingLabel, field: 'label' },
      update: { label: unique(`Renamed ${def.name} `) },
      searchFor: (c) => String(c.label),
    }),
  ),
  {
    def: recruiterCompany,
    actor: (w) => w.board.seeker.token,
    noOtherTenant: 'its only generic call is the public directory, the same for everyone',
    make: async (_w, app) => {
      const company = await aCompany(app);
      return { _id: company.id, name: company.name };
    },
    searchFor: (c) => String(c.name),
  },
  {
    def: job,
    actor: (w) => w.board.company.token,
    otherTenantActor: (w) => w.board.otherCompany.token,
    // Drafts: a published job's details are public, so only a draft shows the company boundary.
    create: () => jobInput({ status: 'DRAFT' }),
    invalidCreate: { body: () => jobInput({ content: undefined }), message: 'Please fill the job content', field: 'content' },
    update: { description: 'Now also evenings.' },
    otherStatus: 'PUBLISHED',
    searchFor: (c) => String(c.title),
  },
  {
    def: cv,
    actor: (w) => w.board.seeker.token,
    otherTenantActor: (w) => w.board.otherSeeker.token,
    create: () => cvInput({ cvTitle: unique('Warehouse CV ') }),
    invalidCreate: { body: () => cvInput({ designation: '' }), message: 'Please enter designation', field: 'designation' },
    update: { cvTitle: 'Renamed CV' },
    missingIdMessage: 'Please choose a CV',
    searchFor: (c) => String(c.cvTitle),
  },
  {
    def: coverLetterSection,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: () => ({
      label: 'Availability',
      value: unique('availability-'),
      description: 'When you could start',
      subSections: [{ label: 'Notice period' }],
    }),
    invalidCreate: { body: () => ({ label: '', value: unique('x-') }), message: 'Please enter label', field: 'label' },
    update: { label: 'When I can start' },
    searchFor: (c) => String(c.value),
  },
  {
    def: coverLetterSuggestion,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: async (w, app) => ({ sectionId: (await firstSection(app, w.platformAdmin.token))._id, content: unique('Suggestion ') }),
    invalidCreate: {
      body: async (w, app) => ({ sectionId: (await firstSection(app, w.platformAdmin.token))._id, content: ' ' }),
      message: 'Please enter content',
      field: 'content',
    },
    update: { content: 'Renamed suggestion' },
    searchFor: (c) => String(c.content),
  },
  {
    def: coverLetterTemplate,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: () => ({ title: unique('Blue '), slug: unique('blue-'), layout: 'modern' }),
    invalidCreate: { body: () => ({ slug: unique('blue-') }), message: 'Please enter title', field: 'title' },
    update: { title: 'Renamed template' },
    searchFor: (c) => String(c.slug),
  },
  {
    def: coverLetter,
    actor: (w) => w.board.seeker.token,
    otherTenantActor: (w) => w.board.otherSeeker.token,
    create: async (w, app) => letterInput(app, w.board.seeker.token),
    invalidCreate: {
      body: async (w, app) => {
        const input = await letterInput(app, w.board.seeker.token);
        return { ...input, jobSeekerDetails: { ...input.jobSeekerDetails, phone: '+15551234567' } };
      },
      message: 'Only numbers of UK are supported right now.',
      field: 'jobSeekerDetails.phone',
    },
    update: { title: 'Renamed letter' },
    searchFor: (c) => String(c.title),
  },
  {
    def: author,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: () => {
      const name = unique('Author ');
      return { name, fullName: `${name} Smith`, profile: 'Writes.' };
    },
    invalidCreate: { body: () => ({ fullName: 'No Name' }), message: 'Please enter name', field: 'name' },
    update: { profile: 'Writes a lot.' },
    searchFor: (c) => String(c.name),
  },
  {
    def: article,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: (w, app) => articleBody(app, w.platformAdmin.token),
    invalidCreate: {
      body: async (w, app) => {
        const { content: _, ...rest } = await articleBody(app, w.platformAdmin.token);
        return rest;
      },
      message: 'Please enter content.',
      field: 'content',
    },
    update: { shortDesc: 'Shorter tips' },
    otherStatus: 'ARCHIVED',
    searchFor: (c) => String(c.title),
  },
  {
    def: adminNote,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: 'notes are the platform staff’s own, about any user',
    create: (w) => ({ userId: w.board.seeker.userId, note: unique('Called about CV ') }),
    invalidCreate: { body: (w) => ({ userId: w.board.seeker.userId }), message: 'Please enter note', field: 'note' },
    update: { note: 'Called back' },
    searchFor: (c) => String(c.note),
  },
  {
    def: engagementTemplate,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: () => ({ name: unique('Welcome '), content: 'Hello and welcome.' }),
    invalidCreate: { body: () => ({ name: 'No content' }), message: 'Please enter content', field: 'content' },
    update: { content: 'Hello again.' },
    searchFor: (c) => String(c.name),
  },
  {
    def: employeeCard,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: platformCatalogue,
    create: () => ({ name: 'Sam Carter', phone: '+44770090012', email: 'sam@example.com', designation: 'Recruiter', slug: unique('sam-') }),
    invalidCreate: {
      body: () => ({ name: 'Sam Carter', phone: '0770090', slug: unique('x-') }),
      message: 'Phone must be at least 12 characters.',
      field: 'phone',
    },
    update: { designation: 'Lead Recruiter' },
    searchFor: (c) => String(c.slug),
  },
  {
    def: contactQuery,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: 'queries come from the public to the platform',
    create: () => ({ contactName: unique('Pat '), phone: '+44770090012', email: 'pat@example.com', content: 'Do you hire drivers?' }),
    invalidCreate: {
      body: () => ({ contactName: 'Pat', phone: '+44770090012', content: 'Do you hire drivers?' }),
      message: 'Please enter email',
      field: 'email',
    },
    searchFor: (c) => String(c.contactName),
  },
  {
    def: jobSeekerReference,
    actor: (w) => w.platformAdmin.token,
    noOtherTenant: 'references are kept by the platform staff, about any seeker',
    create: (w) => ({ jobSeekerId: w.board.otherSeeker.id, companyName: unique('Pennine Foods '), refereeName: 'Lee' }),
    invalidCreate: { body: (w) => ({ jobSeekerId: w.board.otherSeeker.id }), message: 'Company Name is Required', field: 'companyName' },
    update: { refereeName: 'Lee Jones' },
    searchFor: (c) => String(c.companyName),
  },
];
