import { afterEach, describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_OTHER_ADMIN } from '../legacy-backend/seed';
import { changelogResponseSchema, updatesResponseSchema } from '../../src/modules/support/contract';
import { ticketsResponseSchema } from '../../src/modules/support/helpdesk-contract';
import { legacyChangelogAnswer, legacyTicketsAnswer, legacyUpdatesAnswer } from '../../src/modules/support/server/upstream/legacy';
import { badgeColour, toTicket } from '../../src/modules/support/server/upstream/service';

const UNREADABLE = { success: false, isAuthFailed: false, message: 'The school’s backend sent an answer the portal could not read. Please try again later.' };

describe('upstream mode: support calls', () => {
  const up = useUpstream();
  afterEach(() => up().backend.store.faults.clear());

  it('GET /api/support/updates maps the legacy dates (text, MySQL text, number) to unix seconds, newest first', async () => {
    const res = await up().call('/api/support/updates', { cookie: up().signIn() });
    expect(res.status).toBe(200);
    const body = updatesResponseSchema.strict().parse(await res.json());
    expect(body.data.map((a) => a.slug)).toEqual(['spring-term', 'builder-improvements', 'happy-new-year']);
    expect(body.data[0]).toEqual({
      published_at: 1_767_225_600 + 40 * 86_400,
      title: 'Legacy update: spring term',
      excerpt: 'What changes in the spring term.',
      slug: 'spring-term',
    });
    // A null excerpt is empty text; the legacy `author` is dropped.
    expect(body.data[1]).toEqual({
      published_at: Date.UTC(2026, 0, 20, 9, 30) / 1000,
      title: 'Newsletter builder improvements',
      excerpt: '',
      slug: 'builder-improvements',
    });
  });

  it('GET /api/support/changelog reads a list keyed by index, its HTML sanitised', async () => {
    up().backend.store.faults.set('/api/support/changelog', {
      kind: 'malformed',
      body: { success: '1', isAuthFailed: '0', data: { 0: { slug: 'v9', title: 'Version 9', text: '<p onclick="x()">Hi<script>alert(1)</script></p>' } } },
    });
    const res = await up().call('/api/support/changelog', { cookie: up().signIn() });
    const body = changelogResponseSchema.parse(await res.json());
    expect(body.data).toEqual([{ slug: 'v9', title: 'Version 9', text: '<p>Hi</p>' }]);
  });

  it('GET /api/support/tickets orders the legacy tickets (last updated first) and pages them 10 at a time', async () => {
    const cookie = up().signIn();
    const first = ticketsResponseSchema.parse(await (await up().call('/api/support/tickets', { cookie })).json());
    expect(first.total).toBe(12);
    expect(first.total_pages).toBe(2);
    expect(first.tickets).toHaveLength(10);
    expect(first.tickets[0]).toEqual({
      id: 12,
      number: 482_977,
      subject: 'Domain renewal question',
      department: 'Technical',
      priority: { name: 'High', colour: '#667382' },
      status: { name: 'Closed', colour: '#6c757d' },
      date_updated: 1_767_225_600 + 11 * 86_400,
      closed: true,
    });
    const dates = first.tickets.map((t) => t.date_updated);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const second = ticketsResponseSchema.parse(await (await up().call('/api/support/tickets?page=2', { cookie })).json());
    expect(second.tickets.map((t) => t.subject)).toEqual(['Newsletter images too large', 'Website menu missing a page']);
    // '#0ca' widened; 'Answered' does not close.
    expect(second.tickets[0]!.status).toEqual({ name: 'Answered', colour: '#00ccaa' });
    expect(second.tickets[0]!.closed).toBe(false);
  });

  it('shows another school only its own tickets', async () => {
    const body = ticketsResponseSchema.parse(await (await up().call('/api/support/tickets', { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) })).json());
    expect(body.tickets.map((t) => t.subject)).toEqual(['Other school private ticket']);
    const ours = ticketsResponseSchema.parse(await (await up().call('/api/support/tickets?page=2', { cookie: up().signIn() })).json());
    expect(ours.tickets.map((t) => t.subject)).not.toContain('Other school private ticket');
  });

  it.each([
    ['/api/support/updates', { data: [{ published_at: 'next tuesday', title: 'Pupil Private', slug: 's' }] }],
    ['/api/support/changelog', { data: 'Pupil Private' }],
    ['/api/support/tickets', { tickets: [{ id: 'x1', subject: 'Pupil Private' }] }],
  ])('a malformed legacy answer of %s is a 502, logged with its path and without the body', async (path, fields) => {
    up().backend.store.faults.set(path, { kind: 'malformed', body: { success: true, isAuthFailed: false, ...fields } });
    const before = up().logs.length;
    const res = await up().call(path, { cookie: up().signIn() });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject(UNREADABLE);
    const lines = up().logs.slice(before);
    expect(lines.some((line) => line.includes(`GET ${path}`) && line.includes('unreadable'))).toBe(true);
    expect(lines.join('\n')).not.toContain('Pupil Private');
  });

  it('is signed out without the legacy session', async () => {
    const res = await up().call('/api/support/tickets');
    expect(res.status).toBe(401);
  });
});

describe('support legacy schemas: recorded answers', () => {
  it('read updates with dates as numbers, text, milliseconds and MySQL text, and a missing list', () => {
    const answer = legacyUpdatesAnswer.parse({
      success: 'true',
      data: [
        { published_at: 1_767_225_600, title: 'A', excerpt: 'a', slug: 'a' },
        { published_at: '1767225600000', title: 'B', excerpt: null, slug: 'b' },
        { published_at: '2026-01-01 00:00:00', title: 3, slug: 'c' },
      ],
    });
    expect(answer.data.map((a) => [a.published_at, a.title, a.excerpt])).toEqual([
      [1_767_225_600, 'A', 'a'],
      [1_767_225_600, 'B', ''],
      [1_767_225_600, '3', ''],
    ]);
    expect(legacyUpdatesAnswer.parse({ success: 1 }).data).toEqual([]);
    expect(legacyChangelogAnswer.parse({ data: false }).data).toEqual([]);
  });

  it('read tickets with ids as text, a badge given by its name only, and `tickets: null`', () => {
    const answer = legacyTicketsAnswer.parse({
      tickets: [
        {
          id: '7',
          number: '123456',
          subject: 'Help',
          department: null,
          priority: 'Urgent',
          status: { name: 'Resolved', color: '#ABCDEF' },
          date_updated: '2026-02-01T10:00:00Z',
        },
      ],
    });
    expect(toTicket(answer.tickets[0]!)).toEqual({
      id: 7,
      number: 123_456,
      subject: 'Help',
      department: '',
      priority: { name: 'Urgent', colour: '#667382' },
      status: { name: 'Resolved', colour: '#abcdef' },
      date_updated: Date.UTC(2026, 1, 1, 10) / 1000,
      closed: true,
    });
    expect(legacyTicketsAnswer.parse({ tickets: null }).tickets).toEqual([]);
    expect(
      legacyTicketsAnswer.safeParse({ tickets: [{ id: 'seven', number: '1', subject: '', department: '', priority: 'x', status: 'y', date_updated: 1 }] })
        .success,
    ).toBe(false);
  });

  it('badge colours: #rrggbb kept, #rgb widened, words grey', () => {
    expect(badgeColour('#FF0000')).toBe('#ff0000');
    expect(badgeColour('#f00')).toBe('#ff0000');
    expect(badgeColour('red')).toBe('#667382');
    expect(badgeColour(undefined)).toBe('#667382');
  });
});
