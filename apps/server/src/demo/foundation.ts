import { login } from '@app/contract/resources/auth';
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { DemoStep } from './demo-step';

export const demoPassword = 'Demo-pass-2026';
export const demoSuperAdmin = { email: 'superadmin@demo.local', password: demoPassword };
export const demoOrganisationAdmin = 'admin@brightpath.demo';

/** An organisation with its admin, three roles (recruiter, team lead, viewer) and three staff, all made through the API. */
export const foundationDemo: DemoStep = {
  name: 'organisation, roles and staff',
  signIns: [
    { who: 'Super admin (platform)', email: demoSuperAdmin.email, password: demoPassword, area: '/admin' },
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
    const features = (await api(crmFeature.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; title: string }[];
    const permissions = (await api(crmPermission.calls.list!, { limit: 'ALL' }, admin)).results as {
      _id: string;
      featureId: string;
      access_level: string;
      conditions: { scope: string };
    }[];
    const titleOf = (featureId: string) => features.find((f) => f._id === featureId)?.title ?? '';
    /** One permission per feature named (every feature when none are): the catalogue holds each level and scope. */
    const grant = (level: string, scope: string, featureTitles?: string[]) =>
      permissions
        .filter((p) => p.access_level === level && p.conditions.scope === scope)
        .filter((p) => !featureTitles || featureTitles.includes(titleOf(p.featureId)))
        .map((p) => p._id);
    const allFeatures = features.map((f) => f.title);
    // What a recruiter works on every day; the rest they look at, and who may do what is the admin's.
    const recruiting = ['Candidate', 'Client', 'Contact', 'Job', 'Job Application', 'CrmNote', 'Task', 'Event'];
    const adminOnly = ['Roles', 'EntityLog'];
    const lookedAt = allFeatures.filter((title) => !recruiting.includes(title) && !adminOnly.includes(title));
    // A feature holds one level and one scope (several permissions add up to the highest of each),
    // so "edit everyone's, delete only one's own" is not a role: recruiters edit, team leads also delete their team's.
    const recruiter = await api(
      crmRole.calls.create!,
      {
        title: 'Recruiter',
        value: 'recruiter',
        permissions: [...grant('WRITE', 'ALL', recruiting), ...grant('READ', 'ALL', lookedAt)],
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
