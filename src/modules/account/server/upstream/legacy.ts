/**
 * Manage Users' calls as the legacy backend answers them: the users as a list (or an object keyed
 * by index, or missing when none), each with `email` and `name` in whichever case the backend
 * writes its keys (`Email`, `Name`), the name sometimes `fullname` or null.
 */
import { z } from 'zod';
import { legacyList, legacyText } from '../../../../platform/upstream/legacy';

export const legacyUser = z
  .object({
    email: legacyText.optional(),
    Email: legacyText.optional(),
    name: legacyText.optional(),
    Name: legacyText.optional(),
    fullname: legacyText.optional(),
  })
  .loose()
  .refine((user) => Boolean(user.email?.trim() || user.Email?.trim()), { message: 'a user needs an email' });
export type LegacyUser = z.output<typeof legacyUser>;

/** GET /api/account/users */
export const legacyUsersAnswer = z.object({ users: legacyList(legacyUser) }).loose();

/** POST /api/account/users/add and GET /api/account/users/{email}/delete: the envelope only (anything else is dropped). */
export const legacyEnvelopeOnly = z.object({}).loose();
