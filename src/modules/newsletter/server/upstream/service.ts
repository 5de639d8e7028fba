/**
 * The mailing list's upstream service: the spec's `manage/*` calls sent to the legacy backend in
 * its shapes, its answers mapped to the contract's members (what the embedded service returns).
 * The legacy backend only loads the whole list: the screen's paging and filter happen here, on it.
 */
import type { AddMemberRequest, Member } from '../../contract';
import { totalPages } from '../../../../lib/lists/paging';
import type { ListLocation } from '../../../../lib/lists/location';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { MembersPage } from '../backend';
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

/** A page of the whole list filtered by address or name, as the embedded backend answers it in SQL. */
export function membersPage(all: readonly Member[], location: Pick<ListLocation, 'page' | 'query'>, limit: number): MembersPage {
  const search = location.query.trim().toLowerCase();
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
