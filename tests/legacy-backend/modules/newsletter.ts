/**
 * The newsletter calls of the reference legacy backend (README.md): the mailing list.
 *
 *   GET  /api/newsletter/manage/list/load -> {success: "true", isAuthFailed: 0, data: [member]}
 *        member: {id: "12", address, name (null when never given), subscribed ("Yes", "1" or 1),
 *                 date_added ('YYYY-MM-DD HH:MM:SS' text, or unix seconds for older rows)}, oldest first
 *   POST /api/newsletter/manage/add {fullname, email} -> {member}; refuses a duplicate or a bad address
 *        in the envelope (HTTP 200, success false, message)
 *   POST /api/newsletter/manage/delete {email} -> the envelope; an unknown address is refused
 *
 * The slice (GET /__test/slice/<school>/newsletter) is `{members: LegacyMemberRow[]}` as stored.
 */
import { legacyFail, legacyOk, type LegacyRequest, type LegacyRouter } from '../router';
import type { LegacyStore, School } from '../store';
import { LEGACY_SCHOOL } from '../seed';

export interface LegacyMemberRow {
  id: string;
  address: string;
  name: string | null;
  subscribed: string | number;
  date_added: string | number;
}

export interface NewsletterSlice {
  members: LegacyMemberRow[];
  nextId: number;
}

const FIRST_NAMES = ['Ada', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gita', 'Hugo', 'Isla', 'Jon', 'Kira', 'Leo', 'Mia', 'Nico'];

const mysqlDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

function seedMembers(school: School): NewsletterSlice {
  const base = Date.UTC(2025, 0, 6) / 1000;
  const names = school.label === LEGACY_SCHOOL ? FIRST_NAMES : ['Olga', 'Piet'];
  const members = names.map((first, i): LegacyMemberRow => ({
    id: String(i + 1),
    address: `${first.toLowerCase()}.parent@${school.label === LEGACY_SCHOOL ? 'families.example' : 'other.example'}`,
    // Quirks of rows the backend took over from older systems: no name, a numeric flag, unix-second dates.
    name: i === 3 ? null : `${first} Parent`,
    subscribed: i % 4 === 1 ? 1 : i % 4 === 2 ? '1' : 'Yes',
    date_added: i % 3 === 0 ? base + i * 86_400 : mysqlDate(base + i * 86_400),
  }));
  return { members, nextId: members.length + 1 };
}

function sliceOf(request: LegacyRequest, store: LegacyStore): NewsletterSlice {
  // Handlers run signed in (the router's auth): the school is there.
  return store.slice(request.school as School, 'newsletter', () => seedMembers(request.school as School));
}

async function body(request: LegacyRequest): Promise<Record<string, unknown>> {
  const value = await request.json().catch(() => null);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function registerNewsletter(router: LegacyRouter): void {
  router.on('GET', '/api/newsletter/manage/list/load', (request, store) => legacyOk({ data: sliceOf(request, store).members }));

  router.on('POST', '/api/newsletter/manage/add', async (request, store) => {
    const input = await body(request);
    const email = text(input.email);
    const fullname = text(input.fullname);
    if (!email || !fullname) return legacyFail('Please fill in all fields');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return legacyFail('Invalid email address');
    const slice = sliceOf(request, store);
    if (slice.members.some((m) => m.address.toLowerCase() === email.toLowerCase())) return legacyFail('Email already exists in your mailing list');
    const member: LegacyMemberRow = {
      id: String(slice.nextId++),
      address: email,
      name: fullname,
      subscribed: 'Yes',
      date_added: mysqlDate(Math.floor(Date.now() / 1000)),
    };
    slice.members.push(member);
    return legacyOk({ member });
  });

  router.on('POST', '/api/newsletter/manage/delete', async (request, store) => {
    const email = text((await body(request)).email).toLowerCase();
    const slice = sliceOf(request, store);
    const index = slice.members.findIndex((m) => m.address.toLowerCase() === email);
    if (index < 0) return legacyFail('Email not found');
    slice.members.splice(index, 1);
    return legacyOk();
  });
}
