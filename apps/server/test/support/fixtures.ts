import type { ResourceDefinition } from '@app/contract/define-resource';
import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { FastifyInstance } from 'fastify';
import { call } from './test-app';
import { password, unique, type World } from './world';

type Body = Record<string, unknown>;

/**
 * What the generic suites need to exercise one resource: who makes the calls, a valid and an
 * invalid create (with the spec's message), an update, and for organisation-owned resources the
 * admin of another organisation, whose records must be a 404.
 */
export type Fixture = {
  def: ResourceDefinition;
  actor: (w: World) => string;
  /** The organisation admin of another organisation (organisation-owned resources only). */
  otherOrganisationActor?: (w: World) => string;
  /** Who deletes, where the call is not for the usual actor (roles: super admin only). */
  removeActor?: (w: World) => string;
  create: (w: World, app: FastifyInstance) => Promise<Body> | Body;
  invalidCreate: { body: (w: World, app: FastifyInstance) => Promise<Body> | Body; message: string; field: string };
  update: Body;
  searchFor: (created: Body) => string;
};

const firstModule = async (app: FastifyInstance, token: string) => {
  const { body } = await call(app, crmModule.calls.list!, { search: 'Candidate', limit: 1 }, token);
  return body.data.results[0] as { _id: string };
};
const firstFeatureOf = async (app: FastifyInstance, token: string, moduleId: string) => {
  const { body } = await call(app, crmFeature.calls.list!, { filter: { moduleId }, limit: 1 }, token);
  return body.data.results[0] as { _id: string };
};

export const fixtures: Fixture[] = [
  {
    def: organisation,
    actor: (w) => w.root,
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
    otherOrganisationActor: (w) => w.orgB.adminToken,
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
    def: crmModule,
    actor: (w) => w.root,
    create: () => ({ title: unique('Module '), value: unique('module-') }),
    invalidCreate: { body: () => ({ value: 'x' }), message: 'Please provide title', field: 'title' },
    update: { title: 'Renamed module' },
    searchFor: (c) => String(c.title),
  },
  {
    def: crmFeature,
    actor: (w) => w.root,
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
    otherOrganisationActor: (w) => w.orgB.adminToken,
    removeActor: (w) => w.root,
    create: () => ({ title: unique('Recruiter '), value: unique('recruiter-'), permissions: [] }),
    invalidCreate: { body: () => ({ title: 'Recruiter' }), message: 'Please provide value', field: 'value' },
    update: { title: 'Lead recruiter' },
    searchFor: (c) => String(c.title),
  },
];
