/**
 * Section 'isolation' of `npm run bench` (issue 26): school B attacks through the API while school
 * A's `GET /api/api/user` is sent every 150 ms on its own session (./isolation-probe.ts), from a few
 * seconds before the attack (the baseline) to a second after it ends, every latency kept.
 *
 * bench.mjs starts a built server per group of attacks (a fresh database, so one attack's leftovers
 * do not weigh on the next), signs both schools in and calls measureAttack() for each; this file
 * knows the calls, the inputs (./isolation-inputs.ts) and the figures, not the processes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import type { Bytes, Inputs, IsolationSchools } from './isolation-inputs';
import { latencyOf, sampleRss, startProbe, warmUp, type Latency } from './isolation-probe';

export { PROBE_INTERVAL_MS, PROBE_PATH } from './isolation-probe';
export const BASELINE_MS = 3_000;
/** Probing goes on this long after the attack's last answer: work it left behind still counts. */
const TAIL_MS = 1_000;
/** The goal for school A while B attacks, on this 2-core machine. */
export const LATENCY_GOAL = { maxMs: 1_000, p50Ms: 100 };
/** An attacker's request refused (4xx) within this long was "refused quickly". */
export const QUICK_REFUSAL_MS = 1_000;
/** Attack 5: how long A's invitation may take (the goal), and how long the bench waits for it. */
export const MAIL_GOAL_MS = 20_000;
export const MAIL_CAP_MS = 200_000;
/** Attack 6: the sign-in limit (LOGIN_FAILURE_LIMIT): at most this many of the burst's passwords checked. */
export const LOGIN_CHECK_LIMIT = 10;
/** No request of the bench waits longer (a hung server fails the step rather than the run). */
const REQUEST_TIMEOUT_MS = 300_000;

/** A built server of bench.mjs, its database, and the two schools signed in. */
export interface AttackTarget {
  base: string;
  /** The server process (the leader of its process group). */
  pid: number;
  dataDir: string;
  databaseUrl: string;
  schools: IsolationSchools;
  /** `portal_session=…` of each school's staff user. */
  cookies: { a: string; b: string };
}

/** One request of the attacker (or of A's, in attack 5), as its client saw it. */
export interface AttackerRequest {
  label: string;
  /** 0 when no answer came (connection failed, timed out). */
  status: number;
  ms: number;
  /** The answer's `message`, when it had one. */
  message: string;
}

interface Outcome {
  /** B's requests. */
  requests: AttackerRequest[];
  /** Attack 5: A's invitation, and the seconds from it to its mail in the outbox (null: not within MAIL_CAP_MS). */
  invite?: AttackerRequest;
  mailSeconds?: number | null;
}

/** A goal's verdict and the figure it was read from. */
export interface Verdict {
  ok: boolean;
  text: string;
}

export interface AttackFigures extends Outcome, Pick<Attack, 'key' | 'name' | 'title' | 'statusNames'> {
  baseline: Latency;
  during: Latency;
  /** The attack's own length: from its first request to its last answer (attack 5: to the mail). */
  seconds: number;
  /** Resident memory of the server's process group when the attack started, and its peak during the attack. */
  rss: { idle: number | null; peak: number | null };
  /** A's answers during the attack against LATENCY_GOAL. */
  latency: Verdict;
  /** The attack's own goal: B's requests completed or refused quickly (5: the mail in time; 6: the guesses checked). */
  goal: Verdict;
}

export interface Attack {
  key: string;
  /** A few words for the table; `title` says it whole. */
  name: string;
  title: string;
  /** Before the baseline (e.g. the build a save writes to); what it returns is passed to run(). */
  setup?: (target: AttackTarget) => Promise<unknown>;
  run: (target: AttackTarget, inputs: Inputs, prepared: unknown) => Promise<Outcome>;
  /** The attack's own goal when it is not "every request of B completed or was refused quickly". */
  goal?: (outcome: Outcome) => Verdict;
  /** What an answer's status means here, when not requestOutcome()'s words (a sign-in's 401 is a password checked). */
  statusNames?: Record<number, string>;
}

/** POSTs as one school and times the whole answer; never throws (a failed connection is status 0). */
async function timedPost(target: AttackTarget, label: string, path: string, body: BodyInit, cookie: string | null): Promise<AttackerRequest> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${target.base}${path}`, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    const ms = performance.now() - started;
    let message = '';
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      message = text.slice(0, 120);
    }
    return { label, status: res.status, ms, message };
  } catch (err) {
    return { label, status: 0, ms: performance.now() - started, message: err instanceof Error ? err.message : String(err) };
  }
}

const json = (value: unknown) => JSON.stringify(value);

function form(fields: Record<string, string>, file?: { field: string; bytes: Bytes; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

/** `count` copies of one request of B's, sent at once. */
function burst(count: number, send: (i: number) => Promise<AttackerRequest>): Promise<AttackerRequest[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

const INVITEE = 'new.teacher@a.isolation.bench';

/** Polls the outbox (no MAIL_URL: every mail lands there) until a message to `address` is in it; the moment it was seen, or null. */
async function waitForMail(target: AttackTarget, address: string, deadline: number): Promise<number | null> {
  const db = openDatabase(parseConfig({ PORTAL_DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl }));
  try {
    while (performance.now() < deadline) {
      const row = await db.selectFrom('mail_outbox').select('id').where('recipients', '=', address).executeTakeFirst();
      if (row) return performance.now();
      await sleep(200);
    }
    return null;
  } finally {
    await db.destroy();
  }
}

/** The attacks, in groups: each group runs on a server of its own, its attacks one after the other. */
export const ATTACK_GROUPS: Attack[][] = [
  [
    {
      key: '1a',
      name: 'builder preview, 3.8 MB',
      title: 'Builder preview (POST …/builder/build) of a 3.8 MB build: 3 × 100 text blocks of 12.6 KB',
      run: async (t, inputs) => ({
        requests: [await timedPost(t, 'build', '/api/newsletter/send/builder/build', json({ build: inputs.bigBuild }), t.cookies.b)],
      }),
    },
    {
      key: '1b',
      name: 'builder save, 3.8 MB',
      title: 'Builder save (POST …/builder/save) of the same build',
      setup: async (t) => {
        const res = await fetch(`${t.base}/api/newsletter/send/builder/new`, {
          method: 'POST',
          headers: { cookie: t.cookies.b, 'content-type': 'application/json' },
          body: json({ name: 'Big newsletter' }),
        });
        const body = (await res.json()) as { build?: { id?: number } };
        if (res.status !== 200 || typeof body.build?.id !== 'number') throw new Error(`POST …/builder/new answered ${res.status}: ${JSON.stringify(body)}`);
        return body.build.id;
      },
      run: async (t, inputs, id) => ({
        requests: [await timedPost(t, 'save', '/api/newsletter/send/builder/save', json({ id, build: inputs.bigBuild }), t.cookies.b)],
      }),
    },
  ],
  [
    {
      key: '1c',
      name: '6 previews at the text limit',
      title: 'Builder previews of the costliest build the limits allow now (MAX_BUILD_TEXT_LENGTH of the same markup): 6 at once',
      run: async (t, inputs) => ({
        requests: await burst(6, (i) => timedPost(t, `build ${i + 1}`, '/api/newsletter/send/builder/build', json({ build: inputs.limitBuild }), t.cookies.b)),
      }),
    },
  ],
  [
    {
      key: '2a',
      name: '4 CSV dry runs, 100,000 rows',
      title: 'Mailing-list CSV dry runs (POST …/manage/import, dryRun): 4 at once, 100,000 rows each',
      run: async (t, inputs) => ({
        requests: await burst(4, (i) =>
          timedPost(t, `dry run ${i + 1}`, '/api/newsletter/manage/import', form({ dryRun: 'true' }, { field: 'file', bytes: inputs.csv, name: 'parents.csv', type: 'text/csv' }), t.cookies.b),
        ),
      }),
    },
    {
      key: '2b',
      name: 'CSV import, 100,000 rows',
      title: 'Mailing-list CSV import of the same 100,000 rows',
      run: async (t, inputs) => ({
        requests: [
          await timedPost(t, 'import', '/api/newsletter/manage/import', form({ dryRun: 'false' }, { field: 'file', bytes: inputs.csv, name: 'parents.csv', type: 'text/csv' }), t.cookies.b),
        ],
      }),
    },
  ],
  [
    {
      key: '3',
      name: '8 test sends, 19 MB attached',
      title: 'Test sends with a 19 MB attachment (POST …/send/builder, test=1): 8 at once',
      run: async (t, inputs) => ({
        requests: await burst(8, (i) =>
          timedPost(
            t,
            `test send ${i + 1}`,
            '/api/newsletter/send/builder',
            form(
              { from: 'School B', subject: 'Term dates', build: json(inputs.smallBuild), test: '1' },
              { field: 'attachment', bytes: inputs.attachment, name: 'term-dates.pdf', type: 'application/pdf' },
            ),
            t.cookies.b,
          ),
        ),
      }),
    },
  ],
  [
    {
      key: '4',
      name: '8 uploads, 40 MP JPEG',
      title: 'Website media uploads (POST /api/website/media/upload) of a 40-megapixel JPEG with EXIF: 8 at once',
      run: async (t, inputs) => ({
        requests: await burst(8, (i) =>
          timedPost(t, `upload ${i + 1}`, '/api/website/media/upload', form({}, { field: 'file', bytes: inputs.jpeg, name: `photo-${i + 1}.jpg`, type: 'image/jpeg' }), t.cookies.b),
        ),
      }),
    },
  ],
  [
    {
      key: '6',
      name: '30 wrong passwords at once',
      title: "30 wrong passwords at once for one email (school A's) from one address (POST /api/login)",
      run: async (t) => ({
        requests: await burst(30, (i) =>
          timedPost(t, `login ${i + 1}`, '/api/login', json({ email: t.schools.a.email, password: `wrong-password-${i}` }), null),
        ),
      }),
      statusNames: { 401: "checked ('invalid')", 429: "not checked ('limited')" },
      goal: ({ requests }) => {
        const checked = requests.filter((r) => r.status === 401).length;
        const limited = requests.filter((r) => r.status === 429).length;
        const ok = checked <= LOGIN_CHECK_LIMIT;
        return { ok, text: `${checked} checked, ${limited} limited: ${ok ? 'PASS' : 'FAIL'} (≤ ${LOGIN_CHECK_LIMIT} checked)` };
      },
    },
  ],
  [
    {
      key: '5',
      name: "30 PDFs, then A's invitation",
      title: "30 builder PDF downloads (POST …/builder/download) at once, then school A's invitation (POST /api/account/users/add)",
      run: async (t, inputs) => {
        const pdfs = await burst(30, (i) => timedPost(t, `pdf ${i + 1}`, '/api/newsletter/send/builder/download', json({ html: inputs.pdfHtml }), t.cookies.b));
        const invited = performance.now();
        const invite = await timedPost(t, "A's invitation", '/api/account/users/add', json({ email: INVITEE, name: 'New Teacher' }), t.cookies.a);
        if (invite.status !== 200) return { requests: pdfs, invite, mailSeconds: null };
        const arrived = await waitForMail(t, INVITEE, invited + MAIL_CAP_MS);
        return { requests: pdfs, invite, mailSeconds: arrived === null ? null : (arrived - invited) / 1000 };
      },
      goal: ({ invite, mailSeconds }) => {
        const goal = `(≤ ${MAIL_GOAL_MS / 1000} s)`;
        if (invite && invite.status !== 200) return { ok: false, text: `invitation answered ${invite.status}: FAIL ${goal}` };
        if (mailSeconds === null || mailSeconds === undefined) return { ok: false, text: `mail after > ${MAIL_CAP_MS / 1000} s: FAIL ${goal}` };
        const ok = mailSeconds * 1000 <= MAIL_GOAL_MS;
        return { ok, text: `mail after ${mailSeconds.toFixed(1)} s: ${ok ? 'PASS' : 'FAIL'} ${goal}` };
      },
    },
  ],
];

/** What became of a request of B's: answered 2xx, refused (4xx) quickly or slowly, or an error (5xx, no answer). */
export function requestOutcome(r: AttackerRequest): 'completed' | 'refused quickly' | 'refused slowly' | 'error' {
  if (r.status >= 200 && r.status < 300) return 'completed';
  if (r.status >= 400 && r.status < 500) return r.ms <= QUICK_REFUSAL_MS ? 'refused quickly' : 'refused slowly';
  return 'error';
}

/** The default goal: every request of B's completed or was refused quickly. */
function answeredOrRefusedQuickly({ requests }: Outcome): Verdict {
  const kinds = new Set(requests.map(requestOutcome));
  const ok = !kinds.has('refused slowly') && !kinds.has('error');
  return { ok, text: `${[...kinds].join(', ')}: ${ok ? 'PASS' : 'FAIL'}` };
}

function latencyVerdict(during: Latency): Verdict {
  const ok = during.n > 0 && during.max < LATENCY_GOAL.maxMs && during.p50 < LATENCY_GOAL.p50Ms;
  return { ok, text: ok ? 'PASS' : 'FAIL' };
}

/** How a request's answer is described in the report: the attack's own words for its status, else requestOutcome()'s. */
export function describeAnswer(attack: Pick<Attack, 'statusNames'>, r: AttackerRequest): string {
  return attack.statusNames?.[r.status] ?? requestOutcome(r);
}

/** Baseline, attack, tail: A's latencies before and during, B's requests, the server's memory. */
export async function measureAttack(attack: Attack, target: AttackTarget, inputs: Inputs): Promise<AttackFigures> {
  const prepared = attack.setup ? await attack.setup(target) : undefined;
  await warmUp(target.base, target.cookies.a);
  const probe = startProbe(target.base, target.cookies.a);
  await sleep(BASELINE_MS);
  const rss = sampleRss(target.pid);
  const started = performance.now();
  let outcome: Outcome;
  let ended: number;
  let peak: number | null;
  try {
    outcome = await attack.run(target, inputs, prepared);
    ended = performance.now();
  } finally {
    await sleep(TAIL_MS);
    await probe.stop();
    peak = rss.stop();
  }
  const during = latencyOf(probe.samples.filter((s) => s.at >= started));
  return {
    ...outcome,
    key: attack.key,
    name: attack.name,
    title: attack.title,
    statusNames: attack.statusNames,
    baseline: latencyOf(probe.samples.filter((s) => s.at < started)),
    during,
    seconds: (ended - started) / 1000,
    rss: { idle: rss.idle, peak },
    latency: latencyVerdict(during),
    goal: (attack.goal ?? answeredOrRefusedQuickly)(outcome),
  };
}
