import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TOO_LARGE, defaultSettings, MAX_BUILD_TEXT_LENGTH, type Build, type TextBlock } from '../../src/modules/newsletter/builder-contract';
import { HEAVY_KINDS, HEAVY_MESSAGES } from '../../src/platform/work/school-gates';
import { workTasksInFlight } from '../../src/platform/work/pool';
import { schoolGatesOf } from '../../src/platform/http/limits/heavy-calls';
import { bodyOf, failure, get, post, postJson, signedInUser, useTestContext, type TestSchool } from '../factories';

/**
 * One school's heavy calls never hold another school up (issue 26): a newsletter preview and a
 * CSV dry run run on the work pool's threads, so another school is answered while they run;
 * each school has its own lane of heavy calls (a few at once, a few waiting, a number a minute),
 * refused at once beyond it; a build's text has a total limit. Timings are the bench's
 * (`npm run bench -- --sections isolation`); these prove the order of events.
 */
const RENDER = '/api/newsletter/send/builder/build';
const SAVE = '/api/newsletter/send/builder/save';
const LOAD = '/api/newsletter/send/builder/load';
const IMPORT = '/api/newsletter/manage/import';
const USER = '/api/api/user';

const text = (id: string, html: string): TextBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });

/** A build at the text limit, made of the markup that costs the sanitiser and MJML most (the attack, cut to the limit). */
function heavyBuild(): Build {
  const html = `<p>${'<b>x</b> <i>y</i> '.repeat(700)}</p>`;
  const blocks = Math.floor(MAX_BUILD_TEXT_LENGTH / html.length);
  return [[], Array.from({ length: blocks }, (_, i) => text(`t${i}`, html)), []];
}

const SMALL: Build = [[], [text('a', '<p>Hello families</p>')], []];

/** Resolves once `reached()` holds (polled every 5 ms); fails when it does not within 20 s. */
async function until(reached: () => boolean, what: string): Promise<void> {
  for (let wait = 0; wait < 4000; wait += 1) {
    if (reached()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Never: ${what}.`);
}

/** A request reached the work pool: a task is running or waiting for a thread. */
const untilWorkInFlight = () => until(() => workTasksInFlight() > 0, 'a task on the work pool');

function csv(rows: number): string {
  const lines = ['Email,Name'];
  for (let i = 0; i < rows; i += 1) lines.push(`parent${i}@families.example,Parent ${i}`);
  return lines.join('\n');
}

function importForm(content: string, dryRun: boolean): { body: FormData } {
  const body = new FormData();
  body.append('file', new File([content], 'members.csv', { type: 'text/csv' }));
  body.append('dryRun', String(dryRun));
  return { body };
}

describe('heavy calls: one school never holds another up', () => {
  const ctx = useTestContext();
  let a: { school: TestSchool; cookie: string };
  let b: { school: TestSchool; cookie: string };

  beforeAll(async () => {
    a = await signedInUser(ctx(), { newsletter: true, builder: true });
    b = await signedInUser(ctx(), { newsletter: true, builder: true });
  });

  it("answers school A while school B's biggest preview renders on the work pool", async () => {
    const preview = postJson(ctx().app, RENDER, { build: heavyBuild() }, b.cookie);
    await untilWorkInFlight();
    const user = await get(ctx().app, USER, { cookie: a.cookie });
    expect(user.status).toBe(200);
    // A's answer came while B's render was still on the pool: the request thread was free.
    expect(workTasksInFlight()).toBeGreaterThan(0);
    const rendered = await preview;
    expect(rendered.status).toBe(200);
    expect(((await bodyOf(rendered)) as { html: string }).html).toContain('<b>x</b>');
  });

  it("answers school A while school B's 100,000-row CSV dry run is read on the work pool", async () => {
    const { body } = importForm(csv(100_000), true);
    const dryRun = Promise.resolve(ctx().app.request(IMPORT, { method: 'POST', body, headers: { cookie: b.cookie } }, { clientAddress: '203.0.113.5' }));
    await untilWorkInFlight();
    expect((await get(ctx().app, USER, { cookie: a.cookie })).status).toBe(200);
    expect(workTasksInFlight()).toBeGreaterThan(0);
    const answer = await dryRun;
    expect(answer.status).toBe(200);
    expect(((await bodyOf(answer)) as { summary: { added: number; dryRun: boolean } }).summary).toMatchObject({ added: 100_000, dryRun: true });
  });

  it("refuses a school's heavy call at once beyond its lane, while another school's is served", async () => {
    const { concurrent, waiting } = HEAVY_KINDS.document;
    const build = heavyBuild();
    const admitted = Array.from({ length: concurrent + waiting }, () => postJson(ctx().app, RENDER, { build }, b.cookie));
    const gates = schoolGatesOf(ctx().runtime);
    await until(() => gates.running('document', b.school.id) === concurrent && gates.waiting('document', b.school.id) === waiting, "school B's lane full");
    const refused = await postJson(ctx().app, RENDER, { build: SMALL }, b.cookie);
    expect(await failure(refused)).toMatchObject({ status: 429, message: HEAVY_MESSAGES.busy });
    // Refused before any of the school's own admitted calls finished.
    expect(workTasksInFlight()).toBeGreaterThan(0);
    const other = await postJson(ctx().app, RENDER, { build: SMALL }, a.cookie);
    expect(other.status).toBe(200);
    for (const answer of await Promise.all(admitted)) expect(answer.status).toBe(200);
  });

  it('limits how many heavy calls a school starts a minute, and lets it go on the next minute', async () => {
    const { perMinute } = HEAVY_KINDS.document;
    const fresh = await signedInUser(ctx(), { newsletter: true, builder: true });
    for (let i = 0; i < perMinute; i += 1) expect((await postJson(ctx().app, RENDER, { build: SMALL }, fresh.cookie)).status).toBe(200);
    expect(await failure(await postJson(ctx().app, RENDER, { build: SMALL }, fresh.cookie))).toMatchObject({ status: 429, message: HEAVY_MESSAGES.rate(perMinute) });
    // Another school's minute is its own.
    expect((await postJson(ctx().app, RENDER, { build: SMALL }, a.cookie)).status).toBe(200);
    ctx().clock.advance(60);
    expect((await postJson(ctx().app, RENDER, { build: SMALL }, fresh.cookie)).status).toBe(200);
  });

  it('refuses a build beyond the text limit with the message, and keeps the saved one', async () => {
    const loaded = (await bodyOf(await get(ctx().app, LOAD, { cookie: a.cookie }))) as { build: { id: number; build: Build } };
    const block = `<p>${'x'.repeat(40_000)}</p>`;
    const over: Build = [[], Array.from({ length: Math.ceil(MAX_BUILD_TEXT_LENGTH / block.length) + 1 }, (_, i) => text(`o${i}`, block)), []];
    for (const path of [SAVE, RENDER]) {
      const answer = await postJson(ctx().app, path, { id: loaded.build.id, build: over }, a.cookie);
      expect(await failure(answer)).toMatchObject({ status: 400, message: BUILD_TOO_LARGE });
    }
    const after = (await bodyOf(await get(ctx().app, LOAD, { cookie: a.cookie }))) as { build: { build: Build } };
    expect(after.build.build).toEqual(loaded.build.build);
    // A body far beyond any build within the limits is refused before it is read.
    const huge = await post(ctx().app, SAVE, JSON.stringify({ id: loaded.build.id, build: over, pad: 'z'.repeat(2 * 1024 * 1024) }), { cookie: a.cookie });
    expect(huge.status).toBe(413);
  });
});
