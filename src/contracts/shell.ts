import { z } from 'zod';
import { successSchema } from './envelope';

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
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/logout */
export const logoutResponseSchema = successSchema({});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** POST /api/login (the /login form posts the same fields) */
export const loginRequestSchema = z.object({
  // 320 characters is the longest an email address can be.
  email: z.string().trim().toLowerCase().max(320, { error: 'Enter a valid email address.' }).pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = successSchema({ user: z.object({ name: z.string(), domain: z.string() }) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
