/**
 * Section 'pipeline' of `npm run bench`: the newsletter send pipeline against a local SMTP sink
 * that counts and discards (scripts/bench/smtp-sink.ts, in the bench's own process).
 *
 * - Throughput: a send to a school of 10,000 members through the real pipeline (startSend, then
 *   the `newsletter-deliver` jobs run by the job runner, MAIL_URL=smtp://…?pool=N at the sink),
 *   messages per second from the send's start to the last delivery recorded; against nodemailer's
 *   pool alone sending as many copies of the same message with the same pool size. Rounds
 *   alternate which goes first.
 * - Memory: a send to 50,000 members; the sending process's peak RSS during the send ÷ its idle
 *   RSS (ready, members in the database, before the send).
 *
 * Each sender is a process of its own (scripts/bench/pipeline-sender.ts), so its RSS is its own
 * and it does not share a CPU thread with the sink.
 */
import { SERVER_NODE_FLAGS } from '../../src/platform/server/node-flags';
import path from 'node:path';
import { parseConfig } from '../../src/platform/config';
import { isPostgres, openDatabase, type Db } from '../../src/platform/db';
import { sql } from 'kysely';
import { migrateAll } from '../../src/app/process';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { emailKey } from '../../src/modules/newsletter/rules';
import { insertMembers } from '../../src/modules/newsletter/server/embedded/members/repository';
import { exited, ROOT, startNode } from './processes.mjs';
import { recipientOf, type SenderResult } from './pipeline-content';
import { startCountingSink, type CountingSink } from './smtp-sink';

const SENDER = path.join(ROOT, 'scripts/bench/pipeline-sender.ts');
/** MAIL_URL's default pool size; the bare pool gets the same. */
export const PIPELINE_POOL = 5;
export const THROUGHPUT_RECIPIENTS = 10_000;
export const MEMORY_RECIPIENTS = 50_000;
const WARMUP_MESSAGES = 1_000;
const ROUNDS = 3;
const SENDER_TIMEOUT_MS = 10 * 60_000;

interface BenchSchool {
  label: string;
  userId: number;
  members: number;
}

export interface PipelineRun extends SenderResult {
  /** Messages the sink received during the run. */
  received: number;
  /** Their mean size as received. */
  meanBytes: number;
  peakConnections: number;
  /** CPU time of the bench's own process meanwhile: the sink's, mostly. */
  sinkCpuSeconds: number;
}

export interface PipelineFigures {
  pool: number;
  rounds: Array<{ pipeline: PipelineRun; bare: PipelineRun }>;
  memory: PipelineRun;
}

async function seedSchool(db: Db, label: string, members: number): Promise<BenchSchool> {
  const now = Math.floor(Date.now() / 1000);
  const school = await createSchool(
    db,
    {
      label,
      name: label,
      products: {
        hapara: false,
        newsletter: true,
        builder: false,
        website: false,
        app: false,
      },
    },
    now,
  );
  const user = await addUser(
    db,
    {
      label,
      email: `office@${label}`,
      name: 'Bench Office',
      password: 'bench-office-password',
    },
    now,
  );
  const rows = Array.from({ length: members }, (_, i) => {
    const { email, name } = recipientOf(i);
    return { email, key: emailKey(email), name };
  });
  await db.transaction().execute((trx) => insertMembers(trx, school.id, rows, now));
  return { label, userId: user.id, members };
}

/** Runs one sending process to its end; its figures, checked against what the sink received. */
async function runSender(sink: CountingSink, env: NodeJS.ProcessEnv, expected: number): Promise<PipelineRun> {
  sink.reset();
  const cpu = process.cpuUsage();
  const run = startNode([...SERVER_NODE_FLAGS, '--import', 'tsx', SENDER], {
    label: `pipeline sender (${env.BENCH_MODE})`,
    env,
  });
  const timer = setTimeout(() => run.child.kill('SIGKILL'), SENDER_TIMEOUT_MS);
  const code = await exited(run.child).finally(() => clearTimeout(timer));
  const line = run.output.text.split('\n').find((l: string) => l.startsWith('BENCH_RESULT '));
  if (code !== 0 || !line) throw new Error(`${run.output.label} ended with code ${code}.\n${run.output.text}`);
  const result = JSON.parse(line.slice('BENCH_RESULT '.length)) as SenderResult;
  if (result.messages !== expected || result.failed !== 0) {
    throw new Error(`${run.output.label}: ${result.messages} of ${expected} messages sent, ${result.failed} not.\n${run.output.text}`);
  }
  // Every message accepted by the sink before the sender's last outcome came back.
  await sink.waitFor(expected, 5000);
  const { user, system } = process.cpuUsage(cpu);
  return {
    ...result,
    received: sink.count,
    meanBytes: sink.bytes / sink.count,
    peakConnections: sink.peakConnections,
    sinkCpuSeconds: (user + system) / 1e6,
  };
}

/** Runs the section on a new SQLite file in `dataDir`, or on the PostgreSQL database `databaseUrl`. */
export async function benchPipeline(dataDir: string, databaseUrl?: string, log: (line: string) => void = () => undefined): Promise<PipelineFigures> {
  const dbEnv = { PORTAL_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  const db = openDatabase(parseConfig(dbEnv));
  let throughput: BenchSchool;
  let memory: BenchSchool;
  try {
    await migrateAll(db);
    log(`pipeline: seeding schools of ${THROUGHPUT_RECIPIENTS.toLocaleString('en-GB')} and ${MEMORY_RECIPIENTS.toLocaleString('en-GB')} members`);
    throughput = await seedSchool(db, 'throughput.bench', THROUGHPUT_RECIPIENTS);
    memory = await seedSchool(db, 'memory.bench', MEMORY_RECIPIENTS);
    if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }

  const sink = await startCountingSink();
  try {
    const env = {
      ...process.env,
      ...dbEnv,
      MAIL_URL: `${sink.url}?pool=${PIPELINE_POOL}`,
      PORTAL_MAIL_FROM: 'office@bench.school',
    };
    const bare = (count: number) => runSender(sink, { ...env, BENCH_MODE: 'bare', BENCH_COUNT: String(count) }, count);
    const pipeline = (school: BenchSchool) =>
      runSender(
        sink,
        {
          ...env,
          BENCH_MODE: 'pipeline',
          BENCH_SCHOOL: school.label,
          BENCH_USER_ID: String(school.userId),
        },
        school.members,
      );

    log(`pipeline: warming the sink up with ${WARMUP_MESSAGES.toLocaleString('en-GB')} messages`);
    await bare(WARMUP_MESSAGES);
    const rounds: PipelineFigures['rounds'] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Alternated, so that neither side always has the warmer machine.
      const order = round % 2 ? (['bare', 'pipeline'] as const) : (['pipeline', 'bare'] as const);
      const figures: Partial<{ pipeline: PipelineRun; bare: PipelineRun }> = {};
      for (const side of order) {
        log(`pipeline round ${round}/${ROUNDS}: ${side}, ${THROUGHPUT_RECIPIENTS.toLocaleString('en-GB')} messages, pool ${PIPELINE_POOL}`);
        figures[side] = side === 'bare' ? await bare(THROUGHPUT_RECIPIENTS) : await pipeline(throughput);
      }
      rounds.push({ pipeline: figures.pipeline!, bare: figures.bare! });
    }
    log(`pipeline: memory of a ${MEMORY_RECIPIENTS.toLocaleString('en-GB')}-recipient send`);
    return { pool: PIPELINE_POOL, rounds, memory: await pipeline(memory) };
  } finally {
    await sink.close();
  }
}
