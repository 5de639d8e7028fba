import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Call } from '../../src/lib/contract/calls';
import type { ProductKey, Products } from '../../src/lib/contract/shell';
import { CALL_TABLES } from '../../src/app/modules';
import { MESSAGES } from '../../src/platform/http/envelope';
import { bodyOf, get, post, signedInUser, useTestContext } from '../factories';
import { postMultipart, type TestFile } from '../factories/media-http';
import { makeImage } from '../factories/media-images';

/*
 * The API's doors, for every call of every module's table (CALL_TABLES: a new module's calls are
 * walked as soon as its manifest lists them): without a session a call is 401 and the browser
 * goes back to sign-in; a school without the call's product is 403; a write from another site is
 * 403. Each refusal comes before the call reads its input (the input sent is none a call would
 * accept) and leaves the database and the data folder as they were.
 *
 * Each module's own tests hold its calls' behaviour once past these doors.
 */

/** `module.call`, e.g. `website.togglePost`. */
type CallName = `${string}.${string}`;

const CALLS: ReadonlyArray<readonly [CallName, Call]> = Object.entries(CALL_TABLES).flatMap(([module, table]) =>
  Object.entries(table).map(([name, call]) => [`${module}.${name}` as CallName, call] as const),
);

/** Open without a session (served with `serve.public`): signing in, and signing out (which answers its own 401). */
const PUBLIC: ReadonlySet<CallName> = new Set(['account.login', 'account.logout']);

/**
 * The products a call needs, as the spec gives them: each product's screens need it, the
 * builder needs the newsletter as well, and each staff list needs the product it is shown in.
 * Written out here rather than read from the modules' gates, so that a gate lost is a failure.
 */
function productsNeeded(name: CallName): ProductKey[] {
  const [module = '', call = ''] = name.split('.');
  if (module === 'website' || module === 'app' || module === 'hapara') return [module];
  if (module === 'staff') return [call.startsWith('app') ? 'app' : 'website'];
  if (module === 'newsletter') return call.startsWith('builder') ? ['newsletter', 'builder'] : ['newsletter'];
  return [];
}

const ALL_PRODUCTS: Products = { hapara: true, newsletter: true, builder: true, website: true, app: true };
const PRODUCTS = Object.keys(ALL_PRODUCTS) as ProductKey[];

/** A refusal as the browser's fetch helper reads it: JSON, in the envelope. */
const refusal = (status: number, message: string) => ({ status, json: true, body: { success: false, isAuthFailed: status === 401, message } });
const SIGNED_OUT = refusal(401, MESSAGES.signedOut);
const PRODUCT_DISABLED = refusal(403, MESSAGES.productDisabled);
const CROSS_SITE = refusal(403, MESSAGES.crossSite);

const ctx = useTestContext();

/** A picture for the upload calls, so that a refused upload is refused with a file a signed-in one would store. */
let picture: TestFile;
/** A signed-in user of a school with every product but one, by the missing product. */
const lacking = {} as Record<ProductKey, string>;
let everything = '';
let nothing = '';

beforeAll(async () => {
  picture = { bytes: await makeImage('png', 40, 30), name: 'photo.png', type: 'image/png' };
  for (const product of PRODUCTS) lacking[product] = (await signedInUser(ctx(), { ...ALL_PRODUCTS, [product]: false })).cookie;
  everything = (await signedInUser(ctx(), ALL_PRODUCTS)).cookie;
  nothing = (await signedInUser(ctx())).cookie;
});

/** Calls as the browser would, with path parameters filled in and an empty body (a form: the picture alone). */
async function call(target: Call, options: { cookie?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; json: boolean; body: unknown }> {
  const url = target.path.replace(/\{[^}]+\}/g, '1');
  const res =
    target.method === 'GET'
      ? await get(ctx().app, url, options)
      : target.form
        ? await postMultipart(ctx().app, url, { file: picture }, options)
        : await post(ctx().app, url, '{}', options);
  return { status: res.status, json: /^application\/json\b/.test(res.headers.get('content-type') ?? ''), body: await bodyOf(res) };
}

/** Every row of every table, and every file of the data folder: what a refused call must leave alone. */
async function holdings(): Promise<{ rows: Record<string, string[]>; files: string[] }> {
  const { db, config } = ctx();
  const rows: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    rows[table.name] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  const files = fs.readdirSync(config.PORTAL_DATA_DIR, { recursive: true, encoding: 'utf8' }).sort();
  return { rows, files };
}

describe('every call of the tables', () => {
  it('names its public calls among them', () => {
    const names = CALLS.map(([name]) => name);
    for (const name of PUBLIC) expect(names, name).toContain(name);
  });

  it('answers 401 with isAuthFailed and the sign-in message without a session (sign-in and sign-out aside), changing nothing', async () => {
    const before = await holdings();
    for (const [name, target] of CALLS) {
      if (PUBLIC.has(name)) continue;
      expect.soft(await call(target), name).toEqual(SIGNED_OUT);
    }
    expect(await holdings()).toEqual(before);
  });

  it('answers 403 to a school without a product the call needs, for each such product, changing nothing', async () => {
    const before = await holdings();
    for (const [name, target] of CALLS) {
      for (const product of productsNeeded(name)) expect.soft(await call(target, { cookie: lacking[product] }), `${name} without ${product}`).toEqual(PRODUCT_DISABLED);
    }
    expect(await holdings()).toEqual(before);
  });

  it('lets a school without any product through to the account and support calls', async () => {
    const ungated = CALLS.filter(([name]) => productsNeeded(name).length === 0);
    expect(ungated.map(([name]) => name.split('.')[0])).toEqual(expect.arrayContaining(['account', 'support']));
    for (const [name, target] of ungated) {
      const answer = await call(target, { cookie: nothing });
      expect.soft(answer.body, `${name}: ${JSON.stringify(answer)}`).not.toMatchObject({ message: MESSAGES.productDisabled });
    }
  });

  it('answers 403 to every POST from another site, signed in with every product, changing nothing', async () => {
    const before = await holdings();
    const posts = CALLS.filter(([, target]) => target.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const [name, target] of posts) {
      expect.soft(await call(target, { cookie: everything, headers: { 'sec-fetch-site': 'cross-site' } }), name).toEqual(CROSS_SITE);
    }
    expect(await holdings()).toEqual(before);
  });
});
