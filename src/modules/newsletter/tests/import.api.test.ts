import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { importResponseSchema, membersResponseSchema, MAX_IMPORT_ROWS } from '../contract';
import { emailKey } from '../rules';
import { membersCsv } from '../server/embedded/members/csv';
import { bodyOf, CLIENT_ADDRESS, get, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';

/** CSV import of the mailing list (a dry run, then the import) and the export's CSV, on both databases. */
const IMPORT = '/api/newsletter/manage/import';

describe('newsletter: CSV import and export', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { newsletter: true }));
  });

  function upload(content: string | Uint8Array, dryRun: boolean | undefined, c = cookie): Promise<Response> {
    const form = new FormData();
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'parents.csv');
    if (dryRun !== undefined) form.append('dryRun', String(dryRun));
    return Promise.resolve(ctx().app.request(IMPORT, { method: 'POST', body: form, headers: { cookie: c } }, { clientAddress: CLIENT_ADDRESS }));
  }

  async function members(c = cookie) {
    return membersResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/newsletter/manage/list/load', { cookie: c }))).members;
  }

  it('checks a file in a dry run (new, already there, unsubscribed, bad rows with their numbers) and writes nothing; then imports it', async () => {
    await ctx().app.request('/api/newsletter/manage/add', { method: 'POST', body: JSON.stringify({ fullname: 'Already Here', email: 'here@parents.example.org' }), headers: { cookie, 'content-type': 'application/json' } }, { clientAddress: CLIENT_ADDRESS });
    await ctx().db.insertInto('newsletter_suppressions').values({ domain_id: school.id, email_key: 'gone@parents.example.org', reason: 'unsubscribed', created_at: ctx().clock.now }).execute();
    const csv = [
      '\uFEFFName,Email Address,Class',
      'Ada Parent,ada@parents.example.org,3B',
      'Bob Parent,not-an-address,4C',
      ',nameless@parents.example.org,4C',
      'Here Again,HERE@parents.example.org,1A',
      'Gone Parent,gone@parents.example.org,2A',
      'Ada Twice,Ada@Parents.example.org,3B',
      '"Zoë, Müller",zoe@parents.example.org,5D',
      '',
    ].join('\r\n');
    const before = await members();
    const dry = importResponseSchema.parse(await bodyOf(await upload(csv, true))).summary;
    expect(dry).toEqual({
      rows: 7,
      added: 2,
      existing: 1,
      suppressed: 1,
      invalid: 3,
      dryRun: true,
      problems: [
        { row: 3, reason: 'Failed! Please enter a valid email address.' },
        { row: 4, reason: 'Failed! All fields must be filled in!' },
        { row: 7, reason: 'The same address as row 2.' },
      ],
    });
    expect(await members()).toEqual(before);

    const done = importResponseSchema.parse(await bodyOf(await upload(csv, false))).summary;
    expect(done).toMatchObject({ added: 2, existing: 1, suppressed: 1, invalid: 3, dryRun: false });
    const after = await members();
    expect(after.map((m) => m.address).sort()).toEqual(['ada@parents.example.org', 'here@parents.example.org', 'zoe@parents.example.org']);
    expect(after.find((m) => m.address === 'zoe@parents.example.org')).toEqual({ address: 'zoe@parents.example.org', name: 'Zoë, Müller', subscribed: true });
    // Importing the same file again adds nothing.
    expect(importResponseSchema.parse(await bodyOf(await upload(csv, false))).summary).toMatchObject({ added: 0, existing: 3 });
  });

  it('reads a file without a header, the address in either column; a dry run is the default', async () => {
    const { cookie: c } = await signedInUser(ctx(), { newsletter: true });
    const summary = importResponseSchema.parse(await bodyOf(await upload('one@parents.example.org,One Parent\ntwo@parents.example.org,Two Parent\n', undefined, c))).summary;
    expect(summary).toMatchObject({ rows: 2, added: 2, dryRun: true });
    const swapped = importResponseSchema.parse(await bodyOf(await upload('One Parent,one@parents.example.org\n', false, c))).summary;
    expect(swapped).toMatchObject({ rows: 1, added: 1 });
    expect(await members(c)).toEqual([{ address: 'one@parents.example.org', name: 'One Parent', subscribed: true }]);
  });

  it('imports 10,000 rows whole', async () => {
    const { cookie: c } = await signedInUser(ctx(), { newsletter: true });
    const rows = Array.from({ length: 10_000 }, (_, i) => `Parent ${i},parent${i}@families.example.org`);
    const summary = importResponseSchema.parse(await bodyOf(await upload(`Name,Email\n${rows.join('\n')}\n`, false, c))).summary;
    expect(summary).toMatchObject({ rows: 10_000, added: 10_000, invalid: 0 });
    expect((await members(c)).length).toBe(10_000);
  });

  it('refuses a file that is not UTF-8, not readable as CSV, empty or too long, and imports nothing', async () => {
    const { school: s, cookie: c } = await signedInUser(ctx(), { newsletter: true });
    const latin1 = new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x2c, 0x45, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0x5a, 0x6f, 0xeb, 0x2c, 0x7a, 0x40, 0x65, 0x2e, 0x6f, 0x72, 0x67, 0x0a]);
    const cases: Array<[string | Uint8Array, number, RegExp]> = [
      [latin1, 400, /not UTF-8 text/],
      ['Name,Email\n"Unclosed,a@parents.example.org\nB,b@parents.example.org\n', 400, /quote is not closed/],
      ['', 400, /holds no members/],
      [`Email\n${'x@parents.example.org\n'.repeat(MAX_IMPORT_ROWS + 1)}`, 413, /at most 100,000 members/],
    ];
    for (const [content, status, message] of cases) {
      const res = await upload(content, false, c);
      expect(res.status).toBe(status);
      expect(((await bodyOf(res)) as { message?: string }).message).toMatch(message);
    }
    const rows = await ctx().db.selectFrom('newsletter_members').select('id').where('domain_id', '=', s.id).execute();
    expect(rows).toEqual([]);
  });

  it('exports a CSV that Excel opens as UTF-8, with formula cells neutralised', () => {
    const csv = membersCsv([
      { address: 'ada@parents.example.org', name: 'Zoë Müller', subscribed: true },
      { address: 'x@parents.example.org', name: '=HYPERLINK("http://evil.example")', subscribed: false },
      { address: '+1@parents.example.org', name: '-2', subscribed: true },
      { address: 'y@parents.example.org', name: '@SUM(A1)', subscribed: true },
      { address: 'z@parents.example.org', name: '\tTabbed', subscribed: true },
    ]);
    expect(csv.startsWith('\uFEFFEmail,Name,Subscribed\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Email', 'Name', 'Subscribed'],
      ['ada@parents.example.org', 'Zoë Müller', 'Yes'],
      ['x@parents.example.org', `'=HYPERLINK("http://evil.example")`, 'No'],
      [`'+1@parents.example.org`, `'-2`, 'Yes'],
      ['y@parents.example.org', `'@SUM(A1)`, 'Yes'],
      ['z@parents.example.org', `'\tTabbed`, 'Yes'],
    ]);
    expect(emailKey(' A@B.org ')).toBe('a@b.org');
  });
});
