import { login } from '@app/contract/resources/auth';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { contentDemo } from '../demo/content';
import { crmDemo } from '../demo/crm';
import type { DemoStep } from '../demo/demo-step';
import { demoOrganisationAdmin, demoPassword, demoSuperAdmin, foundationDemo } from '../demo/foundation';
import { injectClient } from '../demo/inject-client';
import { jobBoardDemo } from '../demo/job-board';

/** The demo world, in order; each step makes its records through the product's own calls. */
const steps: DemoStep[] = [foundationDemo, crmDemo, jobBoardDemo, contentDemo];

const config = readConfig();
const superAdmin = {
  email: config.superAdminEmail ?? demoSuperAdmin.email,
  password: config.superAdminPassword ?? demoSuperAdmin.password,
};
const app = await buildApp({
  config: { ...config, logLevel: 'warn', superAdminEmail: superAdmin.email, superAdminPassword: superAdmin.password },
});

const { api, upload } = injectClient(app);

try {
  const seeded = await api(login, { email: demoOrganisationAdmin, password: demoPassword }).then(
    () => true,
    () => false,
  );
  if (seeded) {
    console.log('The demo world is already here.');
  } else {
    for (const step of steps) {
      process.stdout.write(`Seeding ${step.name}... `);
      await step.run({ api, upload, superAdmin });
      console.log('done');
    }
  }
  console.log(`\nSign in at ${config.appUrl}/login with (password for all: ${demoSuperAdmin.password}):`);
  for (const s of steps.flatMap((step) => step.signIns)) console.log(`  ${s.who.padEnd(45)} ${s.email.padEnd(32)} → ${s.area}`);
  if (config.superAdminEmail && config.superAdminEmail !== demoSuperAdmin.email) {
    console.log(`  (the super admin is ${config.superAdminEmail} from SUPER_ADMIN_EMAIL; the demo one was not created)`);
  }
} finally {
  await app.close();
}
