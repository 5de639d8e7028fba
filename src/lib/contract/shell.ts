import { z } from 'zod';
import { emptyResponseSchema, successSchema } from './envelope';
import { defineCalls } from './calls';
import { SHELL_ENDPOINTS } from './shell-endpoints';

export const PRODUCT_KEYS = ['hapara', 'newsletter', 'builder', 'website', 'app'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

export const productsSchema = z.object({
  hapara: z.boolean(),
  newsletter: z.boolean(),
  builder: z.boolean(),
  website: z.boolean(),
  app: z.boolean(),
});
export type Products = z.infer<typeof productsSchema>;

/** GET /api/api/user */
export const userResponseSchema = successSchema({
  user: z.object({ name: z.string(), domain: z.string() }),
  domain: productsSchema,
});

/** GET /api/logout */
export const logoutResponseSchema = emptyResponseSchema;

/** POST /api/login (the /login form posts the same fields) */
export const loginRequestSchema = z.object({
  // 320 characters is the longest an email address can be.
  email: z.string().trim().toLowerCase().max(320, { error: 'Enter a valid email address.' }).pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1024),
});
export const loginResponseSchema = successSchema({ user: z.object({ name: z.string(), domain: z.string() }) });
/** The most of a sign-in body the server reads: an email and a password. */
export const LOGIN_MAX_BYTES = 8 * 1024;

/** The shell's calls: endpoints (./shell-endpoints.ts) joined with their schemas. */
export const shellCalls = defineCalls(SHELL_ENDPOINTS, {
  login: { body: loginRequestSchema, response: loginResponseSchema, maxBytes: LOGIN_MAX_BYTES },
  logout: { response: logoutResponseSchema },
  user: { response: userResponseSchema },
});
