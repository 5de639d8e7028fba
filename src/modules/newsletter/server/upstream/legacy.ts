/**
 * The mailing list's calls as the legacy backend answers them: the list under `data` (some
 * backends say `members` or `list`, or leave it out when empty), a member's address as `address`
 * or `email`, its name as `name` or `fullname` (the add call's field), `subscribed` as any flag
 * ("Yes", "1", 1) and when it was added as MySQL text or unix seconds.
 */
import { z } from 'zod';
import { legacyBool, legacyDate, legacyList, legacyText } from '../../../../platform/upstream/legacy';

/** A date that may be missing, null or empty (rows added before the backend kept it). */
const optionalDate = z.union([z.null(), z.literal('').transform(() => null), legacyDate]).optional();

export const legacyMember = z
  .object({
    address: legacyText.optional(),
    email: legacyText.optional(),
    name: legacyText.optional(),
    fullname: legacyText.optional(),
    subscribed: legacyBool,
    date_added: optionalDate,
  })
  .loose()
  .refine((member) => Boolean(member.address?.trim() || member.email?.trim()), { message: 'a member needs an address' });
export type LegacyMember = z.output<typeof legacyMember>;

/** GET /api/newsletter/manage/list/load: the spec's "array of members", under whichever key the backend uses. */
export const legacyMembersAnswer = z
  .object({ data: legacyList(legacyMember).optional(), members: legacyList(legacyMember).optional(), list: legacyList(legacyMember).optional() })
  .loose()
  .transform((answer) => answer.data ?? answer.members ?? answer.list ?? []);

/** POST /api/newsletter/manage/add: the member as added (some backends answer with the envelope only). */
export const legacyAddMemberAnswer = z.object({ member: legacyMember.optional() }).loose();

/** POST /api/newsletter/manage/delete: the envelope only. */
export const legacyDeleteMemberAnswer = z.object({}).loose();
