import { login } from '@app/contract/resources/auth';
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { DemoStep } from './demo-step';

export const demoPassword = 'Demo-pass-2026';
export const demoSuperAdmin = { email: 'superadmin@demo.local', password: demoPassword };
export const demoOrganisationAdmin = 'admin@brightpath.demo';

/** An organisation with its admin, two roles and three staff, all made through the API. */
export const foundationDemo: DemoStep = {
  name: 'organisation, roles and staff',
  signIns: [
    { who: 'Super admin (platform)', email: demoSuperAdmin.email, password: demoPassword, area: '/admin' },
    { who: 'Organisation admin, Brightpath Recruitment', email: demoOrganisationAdmin, password: demoPassword, area: '/crm' },
    { who: 'Recruiter, Brightpath Recruitment', email: 'priya.shah@brightpath.demo', password: demoPassword, area: '/crm' },
    { who: 'Viewer, Brightpath Recruitment', email: 'tom.reed@brightpath.demo', password: demoPassword, area: '/crm' },
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
    }[];
    const pick = (level: string, featureTitles?: string[]) =>
      permissions
        .filter((p) => p.access_level === level)
        .filter((p) => !featureTitles || featureTitles.includes(features.find((f) => f._id === p.featureId)?.title ?? ''))
        .map((p) => p._id);
    const recruiter = await api(
      crmRole.calls.create!,
      {
        title: 'Recruiter',
        value: 'recruiter',
        permissions: [
          ...pick('FULL').filter((id) => !pick('FULL', ['OrganisationStaff', 'Roles', 'EntityLog']).includes(id)),
          ...pick('READ', ['OrganisationStaff']),
        ],
      },
      admin,
    );
    const viewer = await api(crmRole.calls.create!, { title: 'Viewer', value: 'viewer', permissions: pick('READ') }, admin);
    const staff = [
      { first: 'Priya', last: 'Shah', designation: 'Senior Recruiter', roleIds: [recruiter._id] },
      { first: 'Tom', last: 'Reed', designation: 'Resourcer', roleIds: [viewer._id] },
      { first: 'Hannah', last: 'Okafor', designation: 'Account Manager', roleIds: [recruiter._id] },
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
