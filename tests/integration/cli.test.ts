import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand, useCleanEnv } from '../factories/cli';
import { openDatabase, type Db } from '../../src/platform/db';
import { migrateAll } from '../../src/app/process';
import { enqueue } from '../../src/platform/jobs';
import { startSmtpSink } from '../factories/smtp-sink';
import { DEMO_SCHOOL } from '../../src/app/seed/demo';
import { bodyOf, createTestContext, get, makeTempDir, postLogin, signIn, type TestContext } from '../factories';

/** The variables the command reads that could leak in from the machine running the tests. */
const ENV_NAMES = [
  'PORTAL_DATA_DIR', 'PORTAL_ADMIN_EMAIL', 'PORTAL_ADMIN_PASSWORD', 'PORTAL_TIMEZONE', 'PORTAL_SESSION_DAYS', 'PORT', 'HOST',
  'PORTAL_DEMO', 'PORTAL_URL', 'MAIL_URL', 'PORTAL_MAIL_FROM', 'PORTAL_PROVIDER_URL', 'PORTAL_SUPPORT_URL',
];
const dirs: string[] = [];
let dataDir = '';

useCleanEnv(ENV_NAMES);
beforeEach(async () => {
  dataDir = makeTempDir('portal-cli-');
  dirs.push(dataDir);
  process.env.PORTAL_DATA_DIR = dataDir;
  // The server's data directory: its database exists (a command refuses to start a new one).
  await withDb(async () => undefined);
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const run = runCommand;

/** Opens the command's database (creating the schema if the command never did) for one look. */
async function withDb<T>(look: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    await migrateAll(db);
    return await look(db);
  } finally {
    await db.destroy();
  }
}

const countRows = (table: 'domains' | 'users' | 'sessions' | 'announcements' | 'changelog') =>
  withDb(async (db) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });

const domainRow = (label: string) => withDb((db) => db.selectFrom('domains').selectAll().where('label', '=', label).executeTakeFirst());

describe('operator command: which database', () => {
  it('names the database it opens', async () => {
    const result = await run('create-school', 'named.school', '--name', 'Named School', '--products', 'website');
    expect(result.code).toBe(0);
    expect(result.err).toContain(`Database: ${path.join(dataDir, 'portal.db')} (SQLite)`);
  });

  it('refuses to start a new database where none is, changing nothing, and says how to point at the right one', async () => {
    const empty = makeTempDir('portal-cli-empty-');
    dirs.push(empty);
    process.env.PORTAL_DATA_DIR = empty;
    const result = await run('create-school', 'stray.school', '--name', 'Stray School', '--products', 'website');
    expect(result.code).toBe(2);
    expect(result.err).toContain(`No database at ${path.join(empty, 'portal.db')}`);
    expect(result.err).toMatch(/PORTAL_DATA_DIR.*--create/);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('starts a new database with --create, and boot always may', async () => {
    for (const [dir, argv] of [
      [makeTempDir('portal-cli-create-'), ['create-school', 'new.school', '--create', '--name', 'New School', '--products', 'website']],
      [makeTempDir('portal-cli-boot-'), ['boot']],
    ] as const) {
      dirs.push(dir);
      process.env.PORTAL_DATA_DIR = dir;
      const result = await run(...argv);
      expect(result.code, result.err).toBe(0);
      expect(fs.existsSync(path.join(dir, 'portal.db'))).toBe(true);
    }
  });
});

describe('operator command: help and mistakes', () => {
  it('prints the commands for --help and exits 0', async () => {
    const result = await run('--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage');
    for (const name of ['boot', 'create-school', 'add-user', 'set-products', 'reset-password']) expect(result.out).toContain(name);
  });

  it('prints a command’s options for <command> --help and exits 0', async () => {
    const result = await run('create-school', '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('--name');
    expect(result.out).toContain('--products');
  });

  it('exits 2 with the usage when no command is given', async () => {
    const result = await run();
    expect(result.code).toBe(2);
    expect(`${result.out}${result.err}`).toContain('Usage');
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown command', ['make-coffee'], /Unknown command "make-coffee"/],
    ['a missing required option', ['create-school', 'new.school'], /Missing --name/],
    ['a missing label', ['create-school', '--name', 'New School'], /Expected 1 argument/],
    ['an unknown option', ['create-school', 'new.school', '--name', 'New School', '--colour', 'red'], /colour/],
    ['a label that is not a domain name', ['create-school', 'Not A Label', '--name', 'New School'], /domain name/],
    ['an unknown product', ['create-school', 'new.school', '--name', 'New School', '--products', 'website,rocket'], /rocket/],
  ])('exits 2 for %s, says why, and creates nothing', async (_label, argv, why) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(why);
    expect(await countRows('domains')).toBe(0);
    expect(await countRows('users')).toBe(0);
  });

  it('exits 2 for a second school with the same label, keeping the first', async () => {
    expect((await run('create-school', 'twice.school', '--name', 'First', '--products', 'app')).code).toBe(0);
    const again = await run('create-school', 'twice.school', '--name', 'Second', '--products', 'all');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already exists/);
    expect(await countRows('domains')).toBe(1);
    expect(await domainRow('twice.school')).toMatchObject({ name: 'First', app: 1, website: 0 });
  });

  it('exits 2 for a user of an unknown school, a duplicate email or a short password, adding nobody', async () => {
    expect((await run('create-school', 'real.school', '--name', 'Real')).code).toBe(0);
    expect((await run('add-user', 'ghost.school', '--email', 'a@real.school', '--name', 'A', '--password', 'long-enough')).code).toBe(2);
    expect((await run('add-user', 'real.school', '--email', 'a@real.school', '--name', 'A', '--password', 'short')).code).toBe(2);
    expect((await run('add-user', 'real.school', '--email', 'not-an-email', '--name', 'A', '--password', 'long-enough')).code).toBe(2);
    expect(await countRows('users')).toBe(0);

    expect((await run('add-user', 'real.school', '--email', 'a@real.school', '--name', 'A', '--password', 'long-enough')).code).toBe(0);
    expect((await run('add-user', 'real.school', '--email', 'A@Real.School', '--name', 'A again', '--password', 'long-enough')).code).toBe(2);
    expect(await countRows('users')).toBe(1);
  });
});

describe('operator command: schools and users', () => {
  it('create-school creates a school with exactly the products named', async () => {
    const result = await run('create-school', 'North.School', '--name', 'North School', '--products', 'website, app');
    expect(result.code).toBe(0);
    expect(result.out).toContain('north.school');
    expect(await domainRow('north.school')).toMatchObject({
      label: 'north.school',
      name: 'North School',
      website: 1,
      app: 1,
      hapara: 0,
      newsletter: 0,
      builder: 0,
    });
  });

  it('create-school without --products creates a school with none', async () => {
    expect((await run('create-school', 'bare.school', '--name', 'Bare')).code).toBe(0);
    expect(await domainRow('bare.school')).toMatchObject({ website: 0, app: 0, hapara: 0, newsletter: 0, builder: 0 });
  });

  it('set-products replaces the products, and all / none work', async () => {
    expect((await run('create-school', 'south.school', '--name', 'South', '--products', 'website')).code).toBe(0);

    expect((await run('set-products', 'south.school', '--products', 'newsletter,builder')).code).toBe(0);
    expect(await domainRow('south.school')).toMatchObject({ website: 0, app: 0, hapara: 0, newsletter: 1, builder: 1 });

    expect((await run('set-products', 'south.school', '--products', 'all')).code).toBe(0);
    expect(await domainRow('south.school')).toMatchObject({ website: 1, app: 1, hapara: 1, newsletter: 1, builder: 1 });

    expect((await run('set-products', 'south.school', '--products', 'none')).code).toBe(0);
    expect(await domainRow('south.school')).toMatchObject({ website: 0, app: 0, hapara: 0, newsletter: 0, builder: 0 });
  });

  it('set-products refuses an unknown product or school (exit 2) and changes nothing', async () => {
    expect((await run('create-school', 'east.school', '--name', 'East', '--products', 'app')).code).toBe(0);
    expect((await run('set-products', 'east.school', '--products', 'app,teleport')).code).toBe(2);
    expect((await run('set-products', 'west.school', '--products', 'all')).code).toBe(2);
    expect(await domainRow('east.school')).toMatchObject({ website: 0, app: 1, hapara: 0, newsletter: 0, builder: 0 });
    expect(await countRows('domains')).toBe(1);
  });

  describe('with the API on the same database', () => {
    let ctx: TestContext | undefined;
    const api = async (): Promise<TestContext> => {
      ctx ??= await createTestContext({ dataDir });
      return ctx;
    };
    beforeEach(async () => {
      await ctx?.close();
      ctx = undefined;
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('add-user adds a user who can sign in, with a given password', async () => {
      expect((await run('create-school', 'users.school', '--name', 'Users', '--products', 'website')).code).toBe(0);
      const added = await run('add-user', 'users.school', '--email', 'Teacher@Users.School', '--name', 'Ms Teacher', '--password', 'chalk-and-talk');
      expect(added.code).toBe(0);
      expect(added.out).not.toContain('chalk-and-talk');

      const { app } = await api();
      const res = await postLogin(app, { email: 'teacher@users.school', password: 'chalk-and-talk' });
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toMatchObject({ success: true, user: { name: 'Ms Teacher', domain: 'users.school' } });
    });

    it('add-user without --password prints a generated password that signs in', async () => {
      expect((await run('create-school', 'gen.school', '--name', 'Gen')).code).toBe(0);
      const added = await run('add-user', 'gen.school', '--email', 'head@gen.school', '--name', 'Head');
      expect(added.code).toBe(0);
      const password = /Password: (\S+)/.exec(added.out)?.[1];
      expect(password).toBeDefined();
      expect(password?.length).toBeGreaterThanOrEqual(12);

      const { app } = await api();
      expect((await postLogin(app, { email: 'head@gen.school', password: password ?? '' })).status).toBe(200);
    });

    it('reset-password sets the new password and ends that user’s sessions only', async () => {
      expect((await run('create-school', 'reset.school', '--name', 'Reset', '--products', 'app')).code).toBe(0);
      expect((await run('add-user', 'reset.school', '--email', 'one@reset.school', '--name', 'One', '--password', 'old-password-1')).code).toBe(0);
      expect((await run('add-user', 'reset.school', '--email', 'two@reset.school', '--name', 'Two', '--password', 'old-password-2')).code).toBe(0);

      const { app } = await api();
      const oneOnLaptop = await signIn(app, { email: 'one@reset.school', password: 'old-password-1' });
      const oneOnPhone = await signIn(app, { email: 'one@reset.school', password: 'old-password-1' });
      const two = await signIn(app, { email: 'two@reset.school', password: 'old-password-2' });

      const reset = await run('reset-password', '--email', 'one@reset.school', '--password', 'new-password-1');
      expect(reset.code).toBe(0);

      for (const cookie of [oneOnLaptop, oneOnPhone]) {
        const res = await get(app, '/api/api/user', { cookie });
        expect(res.status).toBe(401);
        expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: true });
      }
      expect((await get(app, '/api/api/user', { cookie: two })).status).toBe(200);

      expect((await postLogin(app, { email: 'one@reset.school', password: 'old-password-1' }, { clientAddress: '192.0.2.1' })).status).toBe(401);
      expect((await postLogin(app, { email: 'one@reset.school', password: 'new-password-1' }, { clientAddress: '192.0.2.1' })).status).toBe(200);
    });

    it('reset-password refuses an unknown email or a short password (exit 2) and keeps the sessions', async () => {
      expect((await run('create-school', 'keep.school', '--name', 'Keep')).code).toBe(0);
      expect((await run('add-user', 'keep.school', '--email', 'k@keep.school', '--name', 'K', '--password', 'keep-password')).code).toBe(0);
      const { app } = await api();
      const cookie = await signIn(app, { email: 'k@keep.school', password: 'keep-password' });

      expect((await run('reset-password', '--email', 'nobody@keep.school', '--password', 'whatever-1')).code).toBe(2);
      expect((await run('reset-password', '--email', 'k@keep.school', '--password', 'short')).code).toBe(2);

      expect((await get(app, '/api/api/user', { cookie })).status).toBe(200);
      expect((await postLogin(app, { email: 'k@keep.school', password: 'keep-password' })).status).toBe(200);
    });
  });
});

describe('operator command: boot', () => {
  it('seeds the demo school once, however often it runs', async () => {
    const first = await run('boot');
    expect(first.code).toBe(0);
    expect(first.out).toContain(DEMO_SCHOOL.label);
    expect(first.out).toMatch(/password: \S+/);

    const second = await run('boot');
    expect(second.code).toBe(0);
    expect(second.out).not.toMatch(/Seeded/);

    const domains = await withDb((db) => db.selectFrom('domains').select(['label']).execute());
    expect(domains).toEqual([{ label: 'demo.school' }]);
    const users = await withDb((db) => db.selectFrom('users').select(['email']).execute());
    expect(users).toEqual([{ email: 'admin@demo.school' }]);
    expect(await countRows('announcements')).toBe(3);
    expect(await countRows('changelog')).toBe(3);
    expect(await domainRow('demo.school')).toMatchObject({ website: 1, app: 1, hapara: 1, newsletter: 1, builder: 1 });
  });

  it('does not seed a database that already has a school', async () => {
    expect((await run('create-school', 'first.school', '--name', 'First')).code).toBe(0);
    expect((await run('boot')).code).toBe(0);
    const domains = await withDb((db) => db.selectFrom('domains').select(['label']).execute());
    expect(domains).toEqual([{ label: 'first.school' }]);
  });

  it('uses PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD for the demo admin, and does not print the password', async () => {
    process.env.PORTAL_ADMIN_EMAIL = 'Office@Demo.School';
    process.env.PORTAL_ADMIN_PASSWORD = 'office-password-1';
    try {
      const result = await run('boot');
      expect(result.code).toBe(0);
      expect(result.out).not.toContain('office-password-1');
    } finally {
      delete process.env.PORTAL_ADMIN_EMAIL;
      delete process.env.PORTAL_ADMIN_PASSWORD;
    }
    const ctx = await createTestContext({ dataDir });
    try {
      const res = await postLogin(ctx.app, { email: 'office@demo.school', password: 'office-password-1' });
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toMatchObject({ user: { name: 'Demo Admin', domain: 'demo.school' } });
    } finally {
      await ctx.close();
    }
  });

  it('says which settings a real install must still set, and nothing once they are set', async () => {
    const demo = await run('boot');
    for (const name of ['PORTAL_URL', 'MAIL_URL', 'PORTAL_MAIL_FROM', 'PORTAL_PROVIDER_URL', 'PORTAL_SUPPORT_URL']) expect(demo.out).toContain(`  - ${name}`);
    Object.assign(process.env, {
      PORTAL_URL: 'https://portal.hill.school',
      MAIL_URL: 'smtp://relay.hill.school:587',
      PORTAL_MAIL_FROM: 'portal@hill.school',
      PORTAL_PROVIDER_URL: 'https://it.hill.school',
      PORTAL_SUPPORT_URL: 'https://help.hill.school',
    });
    try {
      const real = await run('boot');
      expect(real.code).toBe(0);
      expect(real.out).not.toContain('Before schools use this install');
    } finally {
      for (const name of ['PORTAL_URL', 'MAIL_URL', 'PORTAL_MAIL_FROM', 'PORTAL_PROVIDER_URL', 'PORTAL_SUPPORT_URL']) delete process.env[name];
    }
  });

  it('with PORTAL_DEMO=off seeds nothing and says how to create the first school', async () => {
    process.env.PORTAL_DEMO = 'off';
    const result = await run('boot');
    delete process.env.PORTAL_DEMO;
    expect(result.code).toBe(0);
    expect(result.out).toContain('No school yet');
    expect(result.out).toContain('npm run portal -- create-school');
    expect(await countRows('domains')).toBe(0);
  });

  it('exits 1 with a one-line message for a bad configuration', async () => {
    process.env.PORT = 'abc';
    try {
      const result = await run('boot');
      expect(result.code).toBe(1);
      expect(result.err).toContain('PORT');
      expect(result.err).not.toContain('\n');
    } finally {
      delete process.env.PORT;
    }
  });
});

describe('operator command: delete-school', () => {
  it('deletes the demo school with its users, content, jobs and files, only when its label is typed twice', async () => {
    expect((await run('boot')).code).toBe(0);
    expect((await run('create-school', 'keep.school', '--name', 'Keep')).code).toBe(0);
    const demo = (await domainRow(DEMO_SCHOOL.label))!;
    const files = path.join(dataDir, 'uploads', String(demo.id));
    expect(fs.readdirSync(files).length).toBeGreaterThan(0);
    await withDb((db) => enqueue(db, { name: 'newsletter-deliver', payload: { sendId: 1 }, now: 0, domainId: Number(demo.id) }));

    const refused = await run('delete-school', DEMO_SCHOOL.label, '--confirm', 'keep.school');
    expect(refused.code).toBe(2);
    expect(await domainRow(DEMO_SCHOOL.label)).toBeDefined();

    const deleted = await run('delete-school', DEMO_SCHOOL.label, '--confirm', DEMO_SCHOOL.label);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toContain(`Deleted school ${DEMO_SCHOOL.label}`);
    expect(await domainRow(DEMO_SCHOOL.label)).toBeUndefined();
    expect(await domainRow('keep.school')).toBeDefined();
    expect(await countRows('users')).toBe(0);
    expect(await withDb((db) => db.selectFrom('website_posts').select('id').where('domain_id', '=', Number(demo.id)).execute())).toEqual([]);
    expect(await withDb((db) => db.selectFrom('jobs').select('id').where('domain_id', '=', Number(demo.id)).execute())).toEqual([]);
    expect(fs.existsSync(files)).toBe(false);
  });
});

describe('operator command: mail-test', () => {
  it('sends one message through MAIL_URL and prints the relay’s answer; without it, says the outbox keeps it', async () => {
    const sink = await startSmtpSink();
    process.env.MAIL_URL = sink.url;
    process.env.PORTAL_MAIL_FROM = 'portal@hill.school';
    try {
      const result = await run('mail-test', '--to', 'office@hill.school');
      expect(result.code).toBe(0);
      expect(result.out).toContain('From portal@hill.school to office@hill.school via MAIL_URL.');
      expect(result.out).toMatch(/Sent: 250/);
      const [mail] = await sink.waitFor(1);
      expect(mail!.envelopeTo).toEqual(['office@hill.school']);
      expect(mail!.parsed.subject).toBe('Staff Portal: test message');
      expect(mail!.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    } finally {
      delete process.env.MAIL_URL;
      delete process.env.PORTAL_MAIL_FROM;
      await sink.close();
    }
    const kept = await run('mail-test', '--to', 'office@hill.school');
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('via the outbox (MAIL_URL is not set)');
    expect((await run('mail-test', '--to', 'not an address')).code).toBe(2);
  });
});

describe('operator command: backup', () => {
  it('copies the running database and the uploaded files into a new folder, which restores as the same install', async () => {
    expect((await run('boot')).code).toBe(0);
    const to = path.join(makeTempDir('portal-backup-'), 'copy');
    dirs.push(path.dirname(to));
    const result = await run('backup', '--to', to);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Database: ${path.join(to, 'portal.db')}`);
    const copy = openDatabase(path.join(to, 'portal.db'));
    try {
      expect(await copy.selectFrom('domains').select('label').execute()).toEqual([{ label: DEMO_SCHOOL.label }]);
      expect((await copy.selectFrom('website_posts').select('id').execute()).length).toBeGreaterThan(0);
    } finally {
      await copy.destroy();
    }
    const demo = (await domainRow(DEMO_SCHOOL.label))!;
    expect(fs.readdirSync(path.join(to, 'uploads', String(demo.id))).sort()).toEqual(fs.readdirSync(path.join(dataDir, 'uploads', String(demo.id))).sort());
    // Never over an earlier backup.
    expect((await run('backup', '--to', to)).code).toBe(2);
  });
});
