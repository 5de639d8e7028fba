import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import { runDueJobs } from '../../src/platform/jobs';
import { mailTransportOf } from '../../src/platform/mail';
import { JOBS } from '../../src/app/modules';
import { migrateAll } from '../../src/app/process';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { emailKey } from '../../src/modules/newsletter/rules';
import { insertMembers } from '../../src/modules/newsletter/server/embedded/members/repository';
import { BATCH_SIZE } from '../../src/modules/newsletter/server/embedded/sends/delivery';
import { sendProgress, startSend } from '../../src/modules/newsletter/server/embedded/sends/service';
import { makeTempDir } from '../factories';
import { startSmtpSink } from '../factories/smtp-sink';

/**
 * The send pipeline survives a crash: a worker process sending a 2,000-recipient newsletter is
 * killed with SIGKILL mid-send; a new worker, once the dead one's leases have run out, finishes
 * the send. Every recipient gets it, and no more copies go out twice than one batch.
 */
const RECIPIENTS = 2_000;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a send killed mid-way', () => {
  it('resumes after a restart: every recipient receives it, duplicates at most one batch', async () => {
    const dataDir = makeTempDir('portal-crash-');
    dirs.push(dataDir);
    const sink = await startSmtpSink();
    const env = { ...process.env, PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', MAIL_URL: `${sink.url}?pool=5` };
    const config = parseConfig(env);
    const db = openDatabase(config);
    try {
      await migrateAll(db);
      const now = Math.floor(Date.now() / 1000);
      const school = await createSchool(db, { label: 'crash.school', name: 'Crash School', products: { hapara: false, newsletter: true, builder: false, website: false, app: false } }, now);
      const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `parent${i}@families.example.org`);
      await insertMembers(db, school.id, addresses.map((email) => ({ email, key: emailKey(email), name: 'A Parent' })), now);
      const office = await addUser(db, { label: school.label, email: 'office@crash.school', name: 'Office', password: 'a-long-password' }, now);
      const user = { id: office.id, email: office.email };
      const ctx = { db, domain: { id: school.id, label: school.label }, user, now };
      const send = await startSend(ctx, { fromName: 'Crash School', subject: 'Sports day', html: '<p>Friday</p>', text: 'Friday' }, { portalOrigin: 'https://portal.example.org', quota: config });
      expect(send.total).toBe(RECIPIENTS);

      // A worker process sends until it is killed, a good way in.
      const worker = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/factories/delivery-worker.ts')], { env, stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.on('exit', (_code, signal) => resolve(signal)));
      await sink.waitFor(400, 60_000);
      worker.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      const atCrash = sink.received.length;
      expect(atCrash).toBeLessThan(RECIPIENTS);

      // Restarted: once the dead worker's leases have run out (the job's 30 s, the deliveries' 120 s), a new worker finishes the send.
      const later = Math.floor(Date.now() / 1000) + 10 * 60;
      const runtime = { config, db, clock: () => later };
      for (let round = 0; round < 100 && (await sendProgress(ctx, send.id)).status === 'sending'; round += 1) {
        await runDueJobs(runtime, JOBS, { now: later, log: () => undefined });
      }
      mailTransportOf(runtime).close();
      const progress = await sendProgress(ctx, send.id);
      expect(progress).toMatchObject({ status: 'done', counts: { sent: RECIPIENTS, pending: 0, failed: 0 } });

      const copies = new Map<string, number>();
      for (const mail of sink.received) for (const to of mail.envelopeTo) copies.set(to, (copies.get(to) ?? 0) + 1);
      expect(addresses.filter((a) => !copies.has(a))).toEqual([]);
      const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
      expect(duplicates).toBeLessThanOrEqual(BATCH_SIZE);
      expect(sink.received.length).toBe(RECIPIENTS + duplicates);
    } finally {
      await db.destroy();
      await sink.close();
    }
  }, 120_000);
});
