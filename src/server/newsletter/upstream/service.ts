/**
 * The mailing list's upstream service: the spec's `manage/*` calls sent to the legacy backend in
 * its shapes, its answers mapped to the contract's members (what the embedded service returns).
 * The legacy backend only loads the whole list: the screen's paging and filter happen here.
 */
import { NEWSLETTER_PAGE_SIZE, type AddMemberRequest, type Member } from '../../../contracts/newsletter';
import { totalPages } from '../../../contracts/website-rules';
import type { ListLocation } from '../../../lib/lists';
import type { UpstreamScope } from '../../upstream/client';
import type { MembersPage } from '../members/service';
import { legacyAddMemberAnswer, legacyDeleteMemberAnswer, legacyMembersAnswer, type LegacyMember } from './legacy';

/** A legacy member as the contract's: only its fields (ids, dates and the rest are dropped). */
export function toMember(member: LegacyMember): Member {
  return { address: (member.address || member.email || '').trim(), name: member.name || member.fullname || '', subscribed: member.subscribed };
}

/** GET /api/newsletter/manage/list/load: every member, newest first (the contract's order) when the backend says when each was added. */
export async function listAllMembers(up: UpstreamScope): Promise<Member[]> {
  const members = await up.json({ method: 'GET', path: '/api/newsletter/manage/list/load' }, legacyMembersAnswer);
  // A stable sort: rows without a date keep the backend's order, after the dated ones.
  const dated = members.map((member, index) => ({ member, index, at: member.date_added ?? null }));
  dated.sort((a, b) => (a.at === b.at ? a.index - b.index : a.at === null ? 1 : b.at === null ? -1 : b.at - a.at));
  return dated.map(({ member }) => toMember(member));
}

/** A page of the list filtered by address or name, as the embedded loader answers it (the whole list is loaded each time). */
export async function listMembersPage(up: UpstreamScope, location: ListLocation, limit = NEWSLETTER_PAGE_SIZE): Promise<MembersPage> {
  const search = location.query.trim().toLowerCase();
  const all = await listAllMembers(up);
  const found = search ? all.filter((member) => member.address.toLowerCase().includes(search) || member.name.toLowerCase().includes(search)) : all;
  const start = (location.page - 1) * limit;
  return { members: found.slice(start, start + limit), total_pages: totalPages(found.length, limit), total: found.length };
}

/** POST /api/newsletter/manage/add {fullname, email}: the member as the backend answers it, or as sent when it answers none. */
export async function addMember(up: UpstreamScope, input: AddMemberRequest): Promise<Member> {
  const answer = await up.json(
    { method: 'POST', path: '/api/newsletter/manage/add', json: { fullname: input.fullname, email: input.email } },
    legacyAddMemberAnswer,
  );
  return answer.member ? toMember(answer.member) : { address: input.email, name: input.fullname, subscribed: true };
}

/** POST /api/newsletter/manage/delete {email}: the address as listed (the backend compares it its own way). */
export async function deleteMember(up: UpstreamScope, email: string): Promise<void> {
  await up.json({ method: 'POST', path: '/api/newsletter/manage/delete', json: { email: email.trim() } }, legacyDeleteMemberAnswer);
}
