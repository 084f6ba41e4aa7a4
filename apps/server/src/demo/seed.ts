import { login } from '@app/contract/resources/auth';
import type { FastifyInstance } from 'fastify';
import { findLiveUserByEmail } from '../areas/auth/users';
import { ensureDemoSuperAdmin, superAdminEmails } from '../areas/setup/routes';
import { verifyPassword } from '../services/passwords';
import { contentDemo } from './content';
import { crmDemo } from './crm';
import type { DemoStep } from './demo-step';
import { demoOrganisationAdmin, demoPassword, demoSuperAdmin, foundationDemo } from './foundation';
import { hiringDemo } from './hiring';
import { injectClient } from './inject-client';
import { jobBoardDemo } from './job-board';

/** The demo world, in order; each step makes its records through the product's own calls. */
export const demoSteps: DemoStep[] = [foundationDemo, crmDemo, hiringDemo, jobBoardDemo, contentDemo];

/** Something the operator can put right, said in a sentence (no stack trace). */
export class DemoProblem extends Error {}

type Credentials = { email: string; password: string };
/** One account to sign in with; `password` only when the demo made it and it still opens it. */
export type DemoAccount = { who: string; email: string; password: string | null; area: string };

export type DemoSeedResult = {
  /** False when the demo organisation was already there and nothing was made. */
  seeded: boolean;
  accounts: DemoAccount[];
  /** Sentences for the operator: whose super admin was used, what was left alone. */
  notes: string[];
};

/**
 * The super admin the demo makes its organisation and articles with. SUPER_ADMIN_EMAIL and
 * SUPER_ADMIN_PASSWORD, when they sign in to a super admin, are used as they are. Otherwise the demo
 * uses its own super admin (superadmin@demo.local), made now if need be, beside any real one (made
 * on the setup page, say), which it never signs in as or changes.
 */
const superAdminFor = async (input: { app: FastifyInstance; configured?: Credentials; notes: string[] }) => {
  const { app, configured, notes } = input;
  const { api } = injectClient(app);
  const db = app.database.db;
  if (configured) {
    const user = await findLiveUserByEmail(db, configured.email);
    if (user?.userType === 'SUPER_ADMIN') {
      const token = await api(login, configured).then(
        (answer) => answer.token as string,
        () => {
          throw new DemoProblem(
            `SUPER_ADMIN_PASSWORD does not sign in to ${configured.email}. Set it to that super admin's password, or leave both unset and the demo makes its own super admin.`,
          );
        },
      );
      notes.push(`The demo world was made with your super admin ${configured.email} (SUPER_ADMIN_EMAIL); no other super admin was added.`);
      return { token, credentials: configured };
    }
  }
  const realOnes = (await superAdminEmails(db)).filter((email) => email !== demoSuperAdmin.email);
  const state = await ensureDemoSuperAdmin(db, demoSuperAdmin);
  if (state === 'taken') {
    throw new DemoProblem(`${demoSuperAdmin.email} is already another kind of account, so the demo has no super admin to work with.`);
  }
  const token = await api(login, demoSuperAdmin).then(
    (answer) => answer.token as string,
    () => {
      throw new DemoProblem(
        `The demo super admin ${demoSuperAdmin.email} no longer signs in with the demo password. Run with SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD of a super admin instead.`,
      );
    },
  );
  if (realOnes.length > 0) {
    notes.push(
      `Your super admin${realOnes.length > 1 ? 's' : ''} (${realOnes.join(', ')}) ${realOnes.length > 1 ? 'were' : 'was'} left as ${realOnes.length > 1 ? 'they were' : 'it was'}: the demo ${state === 'made' ? 'made' : 'used'} its own super admin, ${demoSuperAdmin.email}, whose password is printed here: give it another (Account, Change password) if this platform is more than a demo. To use yours instead, run with SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD set to it.`,
    );
  }
  return { token, credentials: demoSuperAdmin };
};

/**
 * The accounts a person can sign in with now: the demo's that still exist, each with the demo
 * password only while it still opens the account (one changed since is shown without it), and the
 * super admins.
 */
const accountsNow = async (app: FastifyInstance) => {
  const db = app.database.db;
  const accounts: DemoAccount[] = [];
  for (const email of await superAdminEmails(db)) {
    const demo = email === demoSuperAdmin.email;
    const user = demo ? await findLiveUserByEmail(db, email) : undefined;
    accounts.push({
      who: demo ? 'Super admin (the demo’s)' : 'Super admin (yours)',
      email,
      password: demo && (await verifyPassword(user?.passwordHash, demoPassword)) ? demoPassword : null,
      area: '/admin',
    });
  }
  for (const s of demoSteps.flatMap((step) => step.signIns)) {
    const user = await findLiveUserByEmail(db, s.email);
    if (!user) continue;
    accounts.push({ ...s, password: (await verifyPassword(user.passwordHash, s.password)) ? s.password : null });
  }
  return accounts;
};

/** `npm run seed:demo`: the demo world through the product's calls, once; then who can sign in. */
export const seedDemo = async (input: {
  app: FastifyInstance;
  configured?: Credentials;
  progress?: (text: string) => void;
}): Promise<DemoSeedResult> => {
  const { app, progress = () => {} } = input;
  const notes: string[] = [];
  // Read, not signed in to: a failed sign-in would count against the account.
  const seeded = Boolean(await findLiveUserByEmail(app.database.db, demoOrganisationAdmin));
  if (seeded) {
    notes.push('The demo world is already here; nothing was added.');
  } else {
    const superAdmin = await superAdminFor({ app, configured: input.configured, notes });
    const client = injectClient(app);
    for (const step of demoSteps) {
      progress(`Seeding ${step.name}... `);
      await step.run({ ...client, superAdmin: superAdmin.credentials });
      progress('done\n');
    }
  }
  return { seeded: !seeded, accounts: await accountsNow(app), notes };
};
