/**
 * The sending process of the bench's 'pipeline' section (scripts/bench/pipeline.ts), started with
 * `node --import tsx` so that its memory is its own. Two modes, chosen by BENCH_MODE:
 *
 * - `pipeline`: the portal's send pipeline on the database of PORTAL_DATA_DIR / DATABASE_URL, mail
 *   to MAIL_URL. Once ready (modules loaded, database migrated, the school's members already in it,
 *   a pause to settle) it records its idle RSS, then starts a send to the school BENCH_SCHOOL
 *   (startSend: the send and its audience in one transaction) and runs the jobs (runDueJobs, what
 *   the server's worker runs each tick) until the send is done, sampling its RSS every 50 ms.
 * - `bare`: nodemailer's SMTP pool alone, to the same MAIL_URL with the same pool size, sending
 *   BENCH_COUNT copies of the same message (the same nodemailer options the pipeline composes)
 *   with BATCH_SIZE of them in flight: the most the pool could do, no database.
 *
 * It prints one line `BENCH_RESULT {json}` and exits.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import { systemClock } from '../../src/platform/clock';
import { runDueJobs } from '../../src/platform/jobs';
import { mailFromAddress, mailTransportOf, schoolListId } from '../../src/platform/mail';
import { composeOptions } from '../../src/platform/mail/compose';
import { parseMailUrl } from '../../src/platform/mail/smtp/mail-url';
import { JOBS } from '../../src/app/modules';
import { migrateAll } from '../../src/app/process';
import { findSchoolByLabel } from '../../src/modules/account/server/service';
import { BATCH_SIZE } from '../../src/modules/newsletter/server/embedded/sends/delivery';
import { recipientMail } from '../../src/modules/newsletter/server/embedded/sends/message';
import type { SendRow } from '../../src/modules/newsletter/server/embedded/sends/repository';
import { sendProgress, startSend, type NewsletterContent } from '../../src/modules/newsletter/server/embedded/sends/service';
import { unsubscribeUrl } from '../../src/modules/newsletter/server/embedded/sends/unsubscribe';
import { NEWSLETTER, PORTAL_ORIGIN, recipientOf, type SenderResult } from './pipeline-content';
import { tuneServerHeap } from '../../src/platform/server/node-flags';
import { peakRss, resetPeakRss } from './processes.mjs';

// Both modes run as the server does (its heap settings: src/platform/server/node-flags.ts).
tuneServerHeap();

const RSS_SAMPLE_MS = 50;
/** Lets the garbage of booting and migrating be collected before the idle figure is taken. */
const SETTLE_MS = 1000;

/** Samples RSS (and, to tell where it went, the V8 heap) every RSS_SAMPLE_MS; stop() gives the peaks. */
function sampleRss(): { stop: () => { rss: number; heapTotal: number } } {
  let rss = process.memoryUsage.rss();
  let heapTotal = process.memoryUsage().heapTotal;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heapTotal = Math.max(heapTotal, usage.heapTotal);
  }, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return { rss: Math.max(rss, process.memoryUsage.rss()), heapTotal };
    },
  };
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

async function runPipeline(school: string, userId: number): Promise<SenderResult> {
  const config = parseConfig(process.env);
  const db = openDatabase(config);
  const runtime = { config, db, clock: systemClock };
  try {
    await migrateAll(db);
    const domain = await findSchoolByLabel(db, school);
    if (!domain) throw new Error(`No school ${school} in the bench database.`);
    await sleep(SETTLE_MS);
    const idle = process.memoryUsage();
    const hwmReset = resetPeakRss(process.pid);
    const sampler = sampleRss();

    const cpu = process.cpuUsage();
    const started = performance.now();
    const ctx = {
      db,
      domain: { id: domain.id, label: domain.label },
      user: { id: userId, email: `office@${school}` },
      now: systemClock(),
    };
    // The pipeline is measured, not the daily quota: this send may be of any size.
    const send = await startSend(ctx, NEWSLETTER, { portalOrigin: PORTAL_ORIGIN, quota: { ...config, PORTAL_DAILY_SEND_QUOTA: Number.MAX_SAFE_INTEGER } });
    const queued = performance.now();
    const log = (line: string) => process.stderr.write(`${line}\n`);
    let progress = await sendProgress(ctx, send.id);
    while (progress.status === 'sending') {
      await runDueJobs(runtime, JOBS, { log });
      progress = await sendProgress(ctx, send.id);
      // A retry scheduled for later (the sink never asks for one): wait instead of spinning.
      if (progress.status === 'sending') await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    return {
      mode: 'pipeline',
      cpuSeconds: cpuSecondsSince(cpu),
      messages: progress.counts.sent,
      failed: progress.counts.failed + progress.counts.pending,
      seconds,
      queueSeconds: (queued - started) / 1000,
      idleRss: idle.rss,
      peakRss: peak.rss,
      peakRssKernel: hwmReset ? peakRss(process.pid) : null,
      idleHeapTotal: idle.heapTotal,
      peakHeapTotal: peak.heapTotal,
    };
  } finally {
    mailTransportOf(runtime).close();
    await db.destroy();
  }
}

async function runBare(count: number): Promise<SenderResult> {
  const config = parseConfig(process.env);
  if (!config.MAIL_URL) throw new Error('The bare pool needs MAIL_URL.');
  const smtp = parseMailUrl(config.MAIL_URL);
  const transporter = nodemailer.createTransport({
    pool: true,
    host: smtp.host,
    port: smtp.port,
    secure: false,
    maxConnections: smtp.pool,
  });
  const from = mailFromAddress(config);
  const send: Pick<SendRow, 'domain_id' | 'from_name' | 'subject' | 'html' | 'text'> = { domain_id: 1, ...fromContent(NEWSLETTER) };
  try {
    const idle = process.memoryUsage();
    const list = schoolListId({ label: 'bench.school', name: 'Bench School' }, PORTAL_ORIGIN);
    const sampler = sampleRss();
    const cpu = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    let failed = 0;
    const lane = async () => {
      while (next < count) {
        const i = next++;
        // A link as long as the pipeline's (`<delivery id>.<43-character signature>`).
        const link = unsubscribeUrl(PORTAL_ORIGIN, `${i + 1}.${'x'.repeat(43)}`);
        try {
          await transporter.sendMail(composeOptions(recipientMail(send as SendRow, recipientOf(i), link, list), from));
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: BATCH_SIZE }, lane));
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    return {
      mode: 'bare',
      cpuSeconds: cpuSecondsSince(cpu),
      messages: count - failed,
      failed,
      seconds,
      queueSeconds: 0,
      idleRss: idle.rss,
      peakRss: peak.rss,
      peakRssKernel: null,
      idleHeapTotal: idle.heapTotal,
      peakHeapTotal: peak.heapTotal,
    };
  } finally {
    transporter.close();
  }
}

function fromContent(content: NewsletterContent): Pick<SendRow, 'from_name' | 'subject' | 'html' | 'text'> {
  return {
    from_name: content.fromName,
    subject: content.subject,
    html: content.html,
    text: content.text,
  };
}

const mode = process.env.BENCH_MODE;
const result =
  mode === 'pipeline'
    ? await runPipeline(process.env.BENCH_SCHOOL ?? '', Number(process.env.BENCH_USER_ID))
    : mode === 'bare'
      ? await runBare(Number(process.env.BENCH_COUNT))
      : null;
if (!result) throw new Error(`BENCH_MODE must be pipeline or bare, not "${mode}".`);
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
