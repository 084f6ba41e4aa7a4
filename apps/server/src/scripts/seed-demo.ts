import { buildApp } from '../app';
import { readConfig } from '../config';
import { DemoProblem, seedDemo } from '../demo/seed';

const config = readConfig();
const configured =
  config.superAdminEmail && config.superAdminPassword ? { email: config.superAdminEmail, password: config.superAdminPassword } : undefined;
const app = await buildApp({ config: { ...config, logLevel: 'warn' } });

try {
  const result = await seedDemo({ app, configured, progress: (text) => process.stdout.write(text) });
  console.log(`\nSign in at ${config.appUrl}/login with:`);
  for (const account of result.accounts) {
    const password = account.password ?? (account.who.endsWith('(yours)') ? '(your own password)' : '(password changed since)');
    console.log(`  ${account.who.padEnd(45)} ${account.email.padEnd(32)} ${password.padEnd(20)} → ${account.area}`);
  }
  for (const note of result.notes) console.log(`\n${note}`);
} catch (error) {
  // What the operator can put right is said in a sentence; anything else keeps its stack for a bug report.
  console.error(error instanceof DemoProblem ? `\nThe demo world was not made: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
