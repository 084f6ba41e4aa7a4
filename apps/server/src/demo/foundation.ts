import { login } from '@app/contract/resources/auth';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { DemoStep } from './demo-step';

export const demoPassword = 'Demo-pass-2026';
/** The demo's own super admin, made only when SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD do not name one (see seed.ts). */
export const demoSuperAdmin = { email: 'superadmin@demo.local', password: demoPassword };
export const demoOrganisationAdmin = 'admin@brightpath.demo';

/** An organisation with its admin, three roles (recruiter, team lead, viewer) and three staff, all made through the API. */
export const foundationDemo: DemoStep = {
  name: 'organisation, roles and staff',
  signIns: [
    { who: 'Organisation admin, Brightpath Recruitment', email: demoOrganisationAdmin, password: demoPassword, area: '/crm' },
    { who: 'Recruiter, Brightpath Recruitment', email: 'priya.shah@brightpath.demo', password: demoPassword, area: '/crm' },
    { who: 'Viewer, Brightpath Recruitment', email: 'tom.reed@brightpath.demo', password: demoPassword, area: '/crm' },
    { who: 'Team lead, Brightpath Recruitment', email: 'hannah.okafor@brightpath.demo', password: demoPassword, area: '/crm' },
  ],
  run: async ({ api, superAdmin }) => {
    const root = (await api(login, superAdmin)).token as string;
    const org = await api(
      organisation.calls.create!,
      {
        name: 'Brightpath Recruitment',
        email: 'hello@brightpath.demo',
        phoneNumber: '+44 161 496 0123',
        adminUser: {
          email: demoOrganisationAdmin,
          phone: '+447700900100',
          passwordHash: demoPassword,
          name: { first: 'Alex', last: 'Morgan' },
        },
      },
      root,
    );
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    const modules = (await api(crmModule.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; title: string }[];
    const features = (await api(crmFeature.calls.list!, { limit: 'ALL' }, admin)).results as {
      _id: string;
      title: string;
      moduleId: string;
    }[];
    const permissions = (await api(crmPermission.calls.list!, { limit: 'ALL' }, admin)).results as {
      _id: string;
      featureId: string;
      access_level: string;
      conditions: { scope: string };
    }[];
    /** A module's own feature by the module's name ("Lead"), another by both ("Client/Credentials"): two modules have Credentials. */
    const nameOf = (featureId: string) => {
      const feature = features.find((f) => f._id === featureId);
      const moduleTitle = modules.find((m) => m._id === feature?.moduleId)?.title ?? '';
      return feature?.title === moduleTitle ? moduleTitle : `${moduleTitle}/${feature?.title ?? ''}`;
    };
    /** One permission per feature named (every feature when none are): the catalogue holds each level and scope. */
    const grant = (level: string, scope: string, featureNames?: string[]) =>
      permissions
        .filter((p) => p.access_level === level && p.conditions.scope === scope)
        .filter((p) => !featureNames || featureNames.includes(nameOf(p.featureId)))
        .map((p) => p._id);
    const allFeatures = features.map((f) => nameOf(f._id));
    // What a recruiter does every day: log calls, mail candidates and contacts, add leads, give a client's
    // contacts portal sign-ins, upload CVs, invite candidates to the job board. The rest they look at (so they can name
    // colleagues, contacts and teams on a record); who may do what is the admin's.
    const recruiting = [
      'Candidate',
      'Candidate CV',
      'Candidate/Credentials',
      'Client',
      'Client/Credentials',
      'Contact',
      'Lead',
      'Call Log',
      'Email',
      'Job',
      'Job Application',
      'CrmNote',
      'Task',
      'Event',
      'Interview',
      'Feedback',
    ];
    const adminOnly = ['OrganisationStaff/Roles', 'EntityLog', 'EntityLog/Sent mail'];
    const lookedAt = allFeatures.filter((name) => !recruiting.includes(name) && !adminOnly.includes(name));
    // A feature holds one level and one scope (several permissions add up to the highest of each).
    // Merging two candidates deletes one, so it asks FULL on Candidate: recruiters hold it on every
    // candidate, as duplicates are rarely both one's own; they also delete a candidate's outdated
    // CVs; on the rest they edit, and team leads also delete their team's.
    const recruiterDeletes = ['Candidate', 'Candidate CV'];
    const recruiter = await api(
      crmRole.calls.create!,
      {
        title: 'Recruiter',
        value: 'recruiter',
        permissions: [
          ...grant('FULL', 'ALL', recruiterDeletes),
          ...grant(
            'WRITE',
            'ALL',
            recruiting.filter((name) => !recruiterDeletes.includes(name)),
          ),
          ...grant('READ', 'ALL', lookedAt),
        ],
      },
      admin,
    );
    const teamLead = await api(
      crmRole.calls.create!,
      {
        title: 'Team lead',
        value: 'team-lead',
        permissions: [...grant('FULL', 'TEAM', recruiting), ...grant('READ', 'ALL', [...lookedAt, 'EntityLog'])],
      },
      admin,
    );
    const viewer = await api(crmRole.calls.create!, { title: 'Viewer', value: 'viewer', permissions: grant('READ', 'ALL') }, admin);
    const staff = [
      { first: 'Priya', last: 'Shah', designation: 'Senior Recruiter', roleIds: [recruiter._id] },
      { first: 'Tom', last: 'Reed', designation: 'Resourcer', roleIds: [viewer._id] },
      { first: 'Hannah', last: 'Okafor', designation: 'Team Lead, Logistics desk', roleIds: [teamLead._id] },
    ];
    for (const person of staff) {
      await api(
        organisationStaff.calls.create!,
        {
          name: { first: person.first, last: person.last },
          email: `${person.first}.${person.last}@brightpath.demo`.toLowerCase(),
          phone: '+447700900200',
          password: demoPassword,
          designation: person.designation,
          roleIds: person.roleIds,
        },
        admin,
      );
    }
    return { organisationId: org._id as string };
  },
};
