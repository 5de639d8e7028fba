/**
 * The shell's calls (spec section 7, Shell): sign-in, sign-out and the current user, served by the
 * account module. The schemas join them in `shellCalls` (./shell.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { shellCalls } from './shell';

export const SHELL_ENDPOINTS = {
  login: { method: 'POST', path: '/api/login' },
  // State-changing GET (the spec's): honoured only from the portal's own scripts.
  logout: { method: 'GET', path: '/api/logout' },
  // The doubled segment is the spec's path, kept as the contract.
  user: { method: 'GET', path: '/api/api/user' },
} as const satisfies Record<string, Endpoint>;

export const shellApi = typedEndpoints<typeof shellCalls>(SHELL_ENDPOINTS);
