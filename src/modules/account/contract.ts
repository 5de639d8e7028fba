import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { ACCOUNT_ENDPOINTS } from './endpoints';
import {
  CURRENT_PASSWORD_REQUIRED,
  FIELDS_REQUIRED,
  INVALID_EMAIL,
  INVALID_NAME,
  MAX_USER_EMAIL_LENGTH,
  MAX_USER_NAME_LENGTH,
  NAME_TOO_LONG,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  RESET_EMAIL_INVALID,
  USER_STATUSES,
} from './rules';

export * from './rules';

// Names go into mail headers (the invitation's To) and the header's user menu: one line of text.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** An address as the users table keeps it: trimmed, lowercased (sign-in compares it so), required. */
export const userEmailSchema = z
  .string({ error: FIELDS_REQUIRED })
  .trim()
  .min(1, FIELDS_REQUIRED)
  .max(MAX_USER_EMAIL_LENGTH, INVALID_EMAIL)
  .toLowerCase()
  .pipe(z.email({ error: INVALID_EMAIL }));

/** A person's name: trimmed, one line, required. */
export const userNameSchema = z
  .string({ error: FIELDS_REQUIRED })
  .trim()
  .min(1, FIELDS_REQUIRED)
  .max(MAX_USER_NAME_LENGTH, NAME_TOO_LONG)
  .refine((name) => !CONTROL_CHARACTERS.test(name), INVALID_NAME);

/** A new password: the welcome and reset pages', and the operator's (`add-user`, `reset-password`). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** The welcome and reset pages' form: the new password, typed twice. */
export const choosePasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string({ error: PASSWORDS_DIFFER }) })
  .refine((form) => form.password === form.confirm, { error: PASSWORDS_DIFFER, path: ['confirm'] });

/** 'Forgot password?': the address to send a reset link to. */
export const forgotPasswordFormSchema = z.object({
  email: z
    .string({ error: RESET_EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(MAX_USER_EMAIL_LENGTH, RESET_EMAIL_INVALID)
    .pipe(z.email({ error: RESET_EMAIL_INVALID })),
});

/** An authorised user as Manage Users lists them (spec section 3: email, name), with what the screen shows besides. */
export const accountUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** 'invited' until they accept (their link on its way or working), 'expired' when the link ran out unused. */
  status: z.enum(USER_STATUSES),
  /** The signed-in user's own row (removing it asks twice and signs out). */
  self: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** GET /api/account/users: every user of the school, invited ones included, by email. */
export const usersResponseSchema = successSchema({ users: z.array(accountUserSchema) });

/** POST /api/account/users/add {email, name}: both required (spec section 5's message), the email valid. */
export const addUserRequestSchema = z.object({ email: userEmailSchema, name: userNameSchema });
export type AddUserRequest = z.infer<typeof addUserRequestSchema>;
export const addUserResponseSchema = successSchema({ user: accountUserSchema });

/** GET /api/account/users/{email}/delete: the address as typed (looked up in the session's school only). */
export const deleteUserParamsSchema = z.object({ email: z.string().max(1024) });
/** `signedOut`: the user removed themself; their session is gone and the page goes to the sign-in. */
export const deleteUserResponseSchema = successSchema({ signedOut: z.boolean() });

/** POST /api/account/users/resend {email}: an invited user's invitation, again. */
export const resendInvitationRequestSchema = z.object({ email: userEmailSchema });
export const resendInvitationResponseSchema = successSchema({ user: accountUserSchema });

/** The most of an add or resend body the server reads: an email and a name. */
export const ACCOUNT_USER_MAX_BYTES = 8 * 1024;

/** Account > My Profile: the signed-in user as the page shows them; `otherSessions` counts their sign-ins elsewhere still open. */
export const profileSchema = z.object({ name: z.string(), email: z.string(), otherSessions: z.number().int().min(0) });
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = successSchema({ profile: profileSchema });

/** POST /api/account/profile/name {name}: the user's own name (the header's), by the Manage Users name rule. */
export const renameSelfRequestSchema = z.object({ name: userNameSchema });

/**
 * POST /api/account/profile/password {current, password, confirm}: the current password (checked
 * under the sign-in limits), and the new one by the welcome and reset pages' rules, typed twice.
 */
export const changePasswordRequestSchema = z
  .object({
    current: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_REQUIRED),
    password: newPasswordSchema,
    confirm: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((form) => form.password === form.confirm, { error: PASSWORDS_DIFFER, path: ['confirm'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/account/profile/sessions/end-others: `ended` says how many other sign-ins it ended. */
export const endOtherSessionsResponseSchema = successSchema({ profile: profileSchema, ended: z.number().int().min(0) });

/** The most of a profile body the server reads: a name, or three passwords at their longest. */
export const PROFILE_MAX_BYTES = 16 * 1024;

/** Manage Users' and My Profile's calls: endpoints (./endpoints.ts) joined with their schemas. */
export const accountCalls = defineCalls(ACCOUNT_ENDPOINTS, {
  users: { response: usersResponseSchema },
  addUser: { body: addUserRequestSchema, response: addUserResponseSchema, maxBytes: ACCOUNT_USER_MAX_BYTES },
  deleteUser: { params: deleteUserParamsSchema, response: deleteUserResponseSchema },
  resendInvitation: { body: resendInvitationRequestSchema, response: resendInvitationResponseSchema, maxBytes: ACCOUNT_USER_MAX_BYTES },
  renameSelf: { body: renameSelfRequestSchema, response: profileResponseSchema, maxBytes: PROFILE_MAX_BYTES },
  changePassword: { body: changePasswordRequestSchema, response: profileResponseSchema, maxBytes: PROFILE_MAX_BYTES },
  endOtherSessions: { response: endOtherSessionsResponseSchema },
});
