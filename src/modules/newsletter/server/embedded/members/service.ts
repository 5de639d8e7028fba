import { isUniqueViolation } from '../../../../../platform/db';
import { inTransaction, type SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { totalPages } from '../../../../../lib/lists/paging';
import {
  ALREADY_MEMBER,
  emailKey,
  NEWSLETTER_PAGE_SIZE,
  NOT_A_MEMBER,
  UNSUBSCRIBED_ADDRESS,
  type AddMemberRequest,
  type Member,
} from '../../../contract';
import type { ListLocation } from '../../../../../lib/lists/location';
import type { MembersPage } from '../../backend';
import * as repo from './repository';
import { membersCsv } from './csv';

/**
 * The mailing list of a school: its members (listed, paged, filtered, added, deleted). Addresses
 * are compared by `emailKey` and kept as typed; an address that unsubscribed is never added back.
 */

function toMember(row: repo.MemberRow): Member {
  return { address: row.email, name: row.name, subscribed: row.subscribed, ...(row.stopped ? { stopped: row.stopped } : {}) };
}

function searchOf(query: string | undefined): string | undefined {
  const text = query?.trim().toLowerCase();
  return text ? text : undefined;
}

/** Every member, newest first: the spec's `list/load`. */
export async function listAllMembers(ctx: SchoolContext): Promise<Member[]> {
  return (await repo.listMembers(ctx.db, ctx.domain.id)).map(toMember);
}

/** A page of the list, filtered by address or name: the screen's first HTML and its paging. */
export async function listMembersPage(ctx: SchoolContext, location: ListLocation, limit = NEWSLETTER_PAGE_SIZE): Promise<MembersPage> {
  const search = searchOf(location.query);
  const [total, rows] = await Promise.all([
    repo.countMembers(ctx.db, ctx.domain.id, search),
    repo.listMembersPage(ctx.db, ctx.domain.id, { search, offset: (location.page - 1) * limit, limit }),
  ]);
  return { members: rows.map(toMember), total_pages: totalPages(total, limit), total };
}

/** Adds a subscribed member; refuses an address already listed or one that unsubscribed (409). */
export async function addMember(ctx: SchoolContext, input: AddMemberRequest): Promise<Member> {
  const key = emailKey(input.email);
  try {
    return await inTransaction(ctx, async (trx) => {
      if (await repo.isSuppressed(trx.db, trx.domain.id, key)) throw new Refusal(409, 'unsubscribed', UNSUBSCRIBED_ADDRESS);
      if (await repo.findMemberByKey(trx.db, trx.domain.id, key)) throw new Refusal(409, 'duplicate', ALREADY_MEMBER);
      return toMember(await repo.insertMember(trx.db, trx.domain.id, { email: input.email, key, name: input.fullname, createdAt: ctx.now }));
    });
  } catch (err) {
    // Two adds of one address at once: the second finds the first's row through the unique index.
    if (isUniqueViolation(err)) throw new Refusal(409, 'duplicate', ALREADY_MEMBER);
    throw err;
  }
}

/** Removes the member with this address (any case); 404 when the school has none. Suppression stays. */
export async function deleteMember(ctx: SchoolContext, email: string): Promise<void> {
  if (!(await repo.deleteMemberByKey(ctx.db, ctx.domain.id, emailKey(email)))) throw new Refusal(404, 'not_found', NOT_A_MEMBER);
}

/** The whole list as CSV for Excel (members/csv.ts): what Export downloads. */
export async function exportMembersCsv(ctx: SchoolContext): Promise<string> {
  return membersCsv(await listAllMembers(ctx));
}
