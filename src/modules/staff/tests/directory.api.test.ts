import { describe, expect, it } from 'vitest';
import { staffDirectoryUrl, staffSaveResponseSchema, type StaffEntry, type StaffFields, type StaffListKind } from '../contract';
import { STAFF_LIST_ENDPOINTS } from '../calls';
import { schoolContext } from '../../../platform/context';
import { SitePageCache } from '../../website/server/embedded/site/page-cache';
import { findPublicSite } from '../../website/server/embedded/site/service';
import { serveUpload } from '../../website/server/embedded/media/service';
import { groupBySection, hasStaffDirectory, listStaff, loadStaffDirectory } from '../server/embedded/service';
import { loadStaffEditScreen as editScreen, loadStaffListScreen as listScreen } from '../server/screens';
import type { SchoolContext } from '../../../platform/context';
import { insertEntries } from '../server/embedded/repository';
import { staffModule } from '../server/embedded';
import { bodyOf, postJson, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';

/**
 * The website staff list on the school's public site (its staff directory, grouped by section),
 * kept fresh by the site page cache's version (the list's triggers, migration 0019); the screens'
 * loaders (the list, the edit screen's Bio rule); and the demo seed.
 */
const ctx = useTestContext();

/** The screens over the embedded lists of the school `at` acts for. */
const loadStaffListScreen = (at: SchoolContext, list: StaffListKind, page: number) => listScreen({ listStaff: (kind) => listStaff(at, kind) }, list, page);
const loadStaffEditScreen = (at: SchoolContext, list: StaffListKind, id: string | null) => editScreen({ listStaff: (kind) => listStaff(at, kind) }, list, id);

interface Staff {
  school: TestSchool;
  cookie: string;
}

async function school(): Promise<Staff> {
  const { school, cookie } = await signedInUser(ctx(), { app: true, website: true });
  return { school, cookie };
}

function person(name: string, extra: Partial<StaffFields> = {}): StaffFields {
  return { name, class: '', role: '', email: '', imageURL: '', biography: '', section: '', ...extra };
}

async function call(kind: StaffListKind, action: 'create' | 'update' | 'remove' | 'move', body: unknown, staff: Staff): Promise<unknown> {
  const res = await postJson(ctx().app, STAFF_LIST_ENDPOINTS[kind][action].path, body, staff.cookie);
  const answer = await bodyOf(res);
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

async function siteVersion(schoolId: number): Promise<number> {
  const row = await ctx().db.selectFrom('website_site_versions').select('version').where('domain_id', '=', schoolId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The directory page as src/pages/sites/[school]/directory/staff.astro renders it, in short: sections and names in order. */
async function renderDirectory(label: string): Promise<Response> {
  const site = await findPublicSite(ctx().db, label);
  if (!site) return new Response('Not found', { status: 404 });
  const groups = await loadStaffDirectory(schoolContext(ctx().db, site, ctx().clock.now));
  const body = groups.map((g) => `[${g.section}] ${g.people.map((p) => p.name).join(', ')}`).join('; ');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

describe('the public staff directory', () => {
  it('groups the website list by section, in the order the school gave, people without a section last', () => {
    const entry = (name: string, section: string, index: number): StaffEntry => ({ ...person(name, { section }), id: index + 1, index });
    const entries = [entry('Ana', 'Teaching', 0), entry('Ben', '', 1), entry('Cai', 'Leadership', 2), entry('Dov', 'Teaching', 3), entry('Eli', '', 4)];
    expect(groupBySection(entries).map((g) => [g.section, g.people.map((p) => p.name)])).toEqual([
      ['Teaching', ['Ana', 'Dov']],
      ['Leadership', ['Cai']],
      ['', ['Ben', 'Eli']],
    ]);
    expect(groupBySection([])).toEqual([]);
  });

  it('is kept by the site page cache until the website list changes, and shows every change at once', async () => {
    const staff = await school();
    const path = staffDirectoryUrl(staff.school.label);
    expect(path).toBe(`/sites/${staff.school.label}/directory/staff`);
    const cache = new SitePageCache();
    let renders = 0;
    const visit = async () => {
      const res = await cache.serve(ctx().db, staff.school.label, path, () => {
        renders += 1;
        return renderDirectory(staff.school.label);
      });
      return res.text();
    };
    expect(await hasStaffDirectory(ctx().db, staff.school.id)).toBe(false);
    const ana = staffSaveResponseSchema.parse(await call('website', 'create', { name: 'Ana', section: 'Teaching' }, staff)).entry;
    const ben = staffSaveResponseSchema.parse(await call('website', 'create', { name: 'Ben', section: 'Teaching' }, staff)).entry;
    expect(await hasStaffDirectory(ctx().db, staff.school.id)).toBe(true);
    expect(await visit()).toBe('[Teaching] Ana, Ben');
    expect(await visit()).toBe('[Teaching] Ana, Ben');
    expect(renders).toBe(1);

    // The app list is not on the site: its changes keep the kept page.
    const version = await siteVersion(staff.school.id);
    await call('app', 'create', { name: 'App only' }, staff);
    expect(await siteVersion(staff.school.id)).toBe(version);
    await visit();
    expect(renders).toBe(1);

    // Each change of the website list shows on the next visit.
    await call('website', 'move', { id: ben.id, index: 1, direction: 'up' }, staff);
    expect(await visit()).toBe('[Teaching] Ben, Ana');
    await call('website', 'update', { id: ana.id, index: 1, name: 'Ana Smith', section: 'Leadership' }, staff);
    expect(await visit()).toBe('[Teaching] Ben; [Leadership] Ana Smith');
    await call('website', 'remove', { id: ben.id, index: 0 }, staff);
    expect(await visit()).toBe('[Leadership] Ana Smith');
    expect(renders).toBe(4);
    // Written without the calls (an operator, a cascade): the triggers move the version all the same.
    await ctx().db.updateTable('staff_members').set({ name: 'Cai' }).where('domain_id', '=', staff.school.id).where('list', '=', 'website').execute();
    expect(await visit()).toBe('[Leadership] Cai');
    expect(renders).toBe(5);
  });

  it('is only the school’s own website list', async () => {
    const a = await school();
    const b = await school();
    await call('website', 'create', { name: 'Of A' }, a);
    await call('app', 'create', { name: 'In A’s app' }, a);
    await call('website', 'create', { name: 'Of B' }, b);
    const groups = await loadStaffDirectory(schoolContext(ctx().db, a.school, ctx().clock.now));
    expect(groups.flatMap((g) => g.people.map((p) => p.name))).toEqual(['Of A']);
  });
});

describe('the screens’ loaders', () => {
  it('the list screen gets every row, in order, with what its table shows, and sends a page past the end to the last', async () => {
    const staff = await school();
    const at = schoolContext(ctx().db, staff.school, ctx().clock.now);
    expect(await loadStaffListScreen(at, 'app', 1)).toEqual({ rows: [], page: 1 });
    await insertEntries(
      ctx().db,
      staff.school.id,
      'app',
      [person('Ana', { email: 'ana@example.org', biography: 'Long text' }), person('Ben')],
      ctx().clock.now,
    );
    const screen = await loadStaffListScreen(at, 'app', 1);
    expect(screen).toEqual({
      rows: [
        { id: expect.any(Number), index: 0, name: 'Ana', email: 'ana@example.org' },
        { id: expect.any(Number), index: 1, name: 'Ben', email: '' },
      ],
      page: 1,
    });
    await insertEntries(
      ctx().db,
      staff.school.id,
      'website',
      Array.from({ length: 21 }, (_, i) => person(`P${i}`)),
      ctx().clock.now,
    );
    expect(await loadStaffListScreen(at, 'website', 3)).toMatchObject({ page: 3 });
    expect(await loadStaffListScreen(at, 'website', 4)).toMatchObject({ page: 3, redirect: '/website/managestaff?page=3' });
    expect(await loadStaffListScreen(at, 'app', 2)).toMatchObject({ page: 1, redirect: '/app/managestaff' });
  });

  it('the edit screen shows the Bio field when the entry has a biography, and for a new entry when the first entry has one', async () => {
    const staff = await school();
    const at = schoolContext(ctx().db, staff.school, ctx().clock.now);
    // An empty list: the first entry sets the pattern, so the field shows.
    expect(await loadStaffEditScreen(at, 'app', null)).toEqual({ mode: 'create', entry: null, showBiography: true, sections: [] });
    await insertEntries(
      ctx().db,
      staff.school.id,
      'app',
      [person('Ana', { section: 'Office' }), person('Ben', { biography: 'Teaches.', section: 'Teaching' })],
      ctx().clock.now,
    );
    await insertEntries(ctx().db, staff.school.id, 'website', [person('Cai', { biography: 'Leads.' }), person('Dov')], ctx().clock.now);
    const [ana, ben] = await listStaff(at, 'app');
    const [, dov] = await listStaff(at, 'website');
    expect(await loadStaffEditScreen(at, 'app', null)).toMatchObject({ mode: 'create', showBiography: false, sections: ['Office', 'Teaching'] });
    expect(await loadStaffEditScreen(at, 'website', null)).toMatchObject({ mode: 'create', showBiography: true });
    expect(await loadStaffEditScreen(at, 'app', String(ana!.id))).toEqual({ mode: 'edit', entry: ana, showBiography: false, sections: ['Office', 'Teaching'] });
    expect(await loadStaffEditScreen(at, 'app', String(ben!.id))).toMatchObject({ mode: 'edit', entry: ben, showBiography: true });
    // Another list's entry, another school's, or not an id: missing.
    const other = await school();
    await insertEntries(ctx().db, other.school.id, 'app', [person('Theirs')], ctx().clock.now);
    const [theirs] = await listStaff(schoolContext(ctx().db, other.school, ctx().clock.now), 'app');
    for (const id of [String(dov!.id), String(theirs!.id), 'abc', '', '0', '1e3', '99999999999']) {
      expect(await loadStaffEditScreen(at, 'app', id), id).toEqual({ mode: 'missing' });
    }
  });
});

describe('the demo seed', () => {
  it('fills both lists: the website’s in sections with photos and biographies, the app’s with photos and no biographies', async () => {
    const staff = await school();
    await ctx()
      .db.transaction()
      .execute((trx) => staffModule.seedDemo!(trx, staff.school, ctx().clock.now, { dataDir: ctx().config.PORTAL_DATA_DIR }));
    const at = schoolContext(ctx().db, staff.school, ctx().clock.now);
    const website = await listStaff(at, 'website');
    const app = await listStaff(at, 'app');
    expect(website.length).toBeGreaterThanOrEqual(5);
    expect(app.length).toBeGreaterThanOrEqual(3);
    expect(website.every((e) => e.biography !== '' && e.section !== '')).toBe(true);
    expect(app.every((e) => e.biography === '')).toBe(true);
    expect((await loadStaffDirectory(at)).length).toBeGreaterThan(1);
    // The Bio rule: the app's New Staff leaves it out, the website's shows it.
    expect(await loadStaffEditScreen(at, 'app', null)).toMatchObject({ showBiography: false });
    expect(await loadStaffEditScreen(at, 'website', null)).toMatchObject({ showBiography: true });
    for (const entry of [...website, ...app]) {
      const file = entry.imageURL.split('/').pop() ?? '';
      expect(entry.imageURL, entry.name).toMatch(new RegExp(`^/uploads/${staff.school.label.replace(/\./g, '\\.')}/`));
      const served = await serveUpload(ctx().db, ctx().config.PORTAL_DATA_DIR, staff.school.label, file);
      expect(served?.headers.get('content-type'), entry.name).toBe('image/png');
    }
  });
});
