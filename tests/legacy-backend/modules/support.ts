/**
 * The support calls of the reference legacy backend (README.md), with the quirks such backends have:
 *
 *   GET /api/support/updates   -> { success: 'true', isAuthFailed: 0, data: Announcement[] }
 *     Announcement: { published_at: unix seconds as text ("1767225600") or 'YYYY-MM-DD HH:MM:SS',
 *                     title, excerpt (null when the author wrote none), slug, author (extra) }
 *   GET /api/support/changelog -> { ..., data: { "0": { slug, title, text (HTML) }, ... } } (an object keyed by index)
 *   GET /api/support/tickets   -> { ..., tickets: Ticket[] } (all of the school's tickets, unpaged, unordered)
 *     Ticket: { id: "12", number: "482913", subject, department, priority: { name, colour }, status: { name, colour },
 *               date_updated: unix seconds (number or text) or 'YYYY-MM-DD HH:MM:SS', email (extra) }
 *     colour: '#rrggbb', '#rgb' or a colour word ('red'); a school without tickets gets `tickets: null`.
 *
 * Announcements and the changelog are the provider's (the same for every school); tickets are each school's.
 */
import type { LegacyRouter } from '../router';
import { legacyOk } from '../router';
import type { School, LegacyStore } from '../store';
import { LEGACY_SCHOOL } from '../seed';

export interface LegacyAnnouncement {
  published_at: string | number;
  title: string;
  excerpt: string | null;
  slug: string;
  author: string;
}

export interface LegacyTicket {
  id: string;
  number: string;
  subject: string;
  department: string;
  priority: { name: string; colour: string };
  status: { name: string; colour: string };
  date_updated: string | number;
  email: string;
}

export interface SupportSlice {
  updates: LegacyAnnouncement[];
  changelog: Array<{ slug: string; title: string; text: string }>;
  tickets: LegacyTicket[] | null;
}

const DAY = 86_400;
const BASE = 1_767_225_600; // 2026-01-01 00:00:00 UTC

const SUBJECTS = [
  'Website menu missing a page',
  'Newsletter images too large',
  'Cannot add a student',
  'Gallery upload stuck',
  'App notifications not arriving',
  'Change of school address',
  'Staff list photo wrong',
  'Password reset email',
  'Calendar page layout',
  'Mailing list import',
  'New teacher accounts',
  'Domain renewal question',
];
const PRIORITIES = [
  { name: 'Low', colour: '#2fb344' },
  { name: 'Medium', colour: '#F59F00' },
  { name: 'High', colour: 'red' },
];
const STATUSES = [
  { name: 'Open', colour: '#206bc4' },
  { name: 'Answered', colour: '#0ca' },
  { name: 'Closed', colour: '#6c757d' },
];

function initSupport(school: School): SupportSlice {
  const updates: LegacyAnnouncement[] = [
    {
      published_at: String(BASE + 40 * DAY),
      title: 'Legacy update: spring term',
      excerpt: 'What changes in the spring term.',
      slug: 'spring-term',
      author: 'Provider',
    },
    { published_at: '2026-01-20 09:30:00', title: 'Newsletter builder improvements', excerpt: null, slug: 'builder-improvements', author: 'Provider' },
    { published_at: BASE + 5 * DAY, title: 'Happy new year', excerpt: 'Our support hours over the holidays.', slug: 'happy-new-year', author: 'Provider' },
  ];
  const changelog = [
    { slug: 'v2-3', title: 'Version 2.3', text: '<p>Faster galleries.</p>' },
    { slug: 'v2-2', title: 'Version 2.2', text: '<p>Staff list <strong>photos</strong>.</p>' },
  ];
  if (school.label !== LEGACY_SCHOOL) {
    return {
      updates,
      changelog,
      tickets: [
        {
          id: '900',
          number: '900001',
          subject: 'Other school private ticket',
          department: 'Billing',
          priority: PRIORITIES[0]!,
          status: STATUSES[0]!,
          date_updated: BASE,
          email: 'admin@other.school',
        },
      ],
    };
  }
  const tickets = SUBJECTS.map((subject, i): LegacyTicket => ({
    id: String(i + 1),
    number: String(482_900 + i * 7),
    subject,
    department: i % 2 ? 'Technical' : 'Website',
    priority: PRIORITIES[i % 3]!,
    status: STATUSES[i % 3]!,
    // Alternately unix seconds as text and MySQL text, as the provider's backend mixes them.
    date_updated: i % 2 ? String(BASE + i * DAY) : new Date((BASE + i * DAY) * 1000).toISOString().slice(0, 19).replace('T', ' '),
    email: 'admin@legacy.school',
  }));
  return { updates, changelog, tickets };
}

export function supportSlice(store: LegacyStore, school: School): SupportSlice {
  return store.slice(school, 'support', () => initSupport(school));
}

export function registerSupport(router: LegacyRouter): void {
  router.on('GET', '/api/support/updates', (request, store) => legacyOk({ data: supportSlice(store, request.school!).updates }));
  router.on('GET', '/api/support/changelog', (request, store) => {
    // Keyed by index, as PHP's json_encode writes an array with holes.
    const entries = supportSlice(store, request.school!).changelog.map((item, i) => [String(i), item] as const);
    return legacyOk({ data: Object.fromEntries(entries) });
  });
  router.on('GET', '/api/support/tickets', (request, store) => {
    const { tickets } = supportSlice(store, request.school!);
    return legacyOk({ tickets: tickets && tickets.length > 0 ? tickets : null });
  });
}
