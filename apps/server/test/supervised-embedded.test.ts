import { login } from '@app/contract/resources/auth';
import { skill } from '@app/contract/resources/job-board/lookups';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcesses, startServerProcesses } from './support/server-process';

const admin = { email: 'root@supervised.test', password: 'Supervised-pass-2026' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The server under test always runs on an embedded database of its own: the PostgreSQL run of the suite has nothing to add.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm start on the embedded database (skipped on the PostgreSQL run)', () => {
  let server: ServerProcesses | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('replaces a server process killed during writes within seconds, and keeps every write it acknowledged', async () => {
    server = await startServerProcesses({
      processes: 1,
      env: { SUPER_ADMIN_EMAIL: admin.email, SUPER_ADMIN_PASSWORD: admin.password },
    });
    const running = server;
    const [first] = running.serverPids();
    expect(running.serverPids()).toHaveLength(1);
    const signedIn = await running.call(login, admin);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token as string;

    const acknowledged: string[] = [];
    let written = 0;
    let killedAt = 0;
    let stop = false;
    // Four writers at once, each taking the next name; a write answered 200 is one the server promised to keep.
    const writer = async () => {
      while (!stop) {
        written += 1;
        const label = `Skill ${String(written).padStart(5, '0')}`;
        const answer = await running
          .call(skill.calls.create, { label, value: label.toLowerCase().replace(' ', '-') }, token)
          .catch(() => null);
        if (answer?.status === 200) acknowledged.push(label);
        else await pause(100);
        if (!killedAt && acknowledged.length >= 40) {
          killedAt = Date.now();
          process.kill(first, 'SIGKILL');
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (!killedAt) await pause(50);
    // Back when a new process answers; the writers keep going through the gap and after it.
    let backAfterMs = 0;
    while (!backAfterMs) {
      const replaced = running.serverPids().find((pid) => pid !== first);
      const answered =
        replaced &&
        (await running.call(skill.calls.list, { limit: 1 }).then(
          (r) => r.status === 200,
          () => false,
        ));
      if (answered) backAfterMs = Date.now() - killedAt;
      else await pause(100);
      expect(Date.now() - killedAt, running.output()).toBeLessThan(90_000);
    }
    const afterRestart = acknowledged.length;
    while (acknowledged.length < afterRestart + 20) await pause(50);
    stop = true;
    await Promise.all(writers);
    console.log(`a killed server process was answering again after ${(backAfterMs / 1000).toFixed(1)} s`);

    const again = await running.call(login, admin);
    const listed = await running.call(skill.calls.list, { limit: 'ALL', search: 'skill' }, again.body.data.token);
    const kept = new Set((listed.body.data.results as { label: string }[]).map((row) => row.label));
    expect(acknowledged.filter((label) => !kept.has(label))).toEqual([]);
    expect(running.serverPids()).toHaveLength(1);
    expect(running.serverPids()).not.toContain(first);
  }, 300_000);
});
