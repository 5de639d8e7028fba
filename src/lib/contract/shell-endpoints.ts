/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./shell-calls.ts). */
import type { Endpoint } from './calls';

export const SHELL_ENDPOINTS = {
  login: { method: 'POST', path: '/api/login' },
  // State-changing GET (the spec's): honoured only from the portal's own scripts.
  logout: { method: 'GET', path: '/api/logout' },
  // The doubled segment is the spec's path, kept as the contract.
  user: { method: 'GET', path: '/api/api/user' },
} as const satisfies Record<string, Endpoint>;
