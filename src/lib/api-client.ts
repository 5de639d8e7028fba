import type { Failure } from '../contracts/envelope';
import { PORTAL_CLIENT_HEADER } from '../contracts/http-headers';
import { showToast } from './toast';

/** The spec's generic failure toast. */
export const GENERIC_FAILURE = 'Failed! Please try again!';

/** The central login address, written into the page by the shell (PORTAL_LOGIN_URL). */
export function loginUrl(): string {
  return document.body.dataset.loginUrl || '/login';
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (multipart uploads). */
  body?: FormData;
  /**
   * What to do with `success: false`: by default the generic toast; a string shows that text
   * instead; 'silent' shows nothing (spec: changelog and gallery failures).
   */
  onFailure?: string | 'silent' | ((failure: Failure) => void);
}

/**
 * The one fetch helper of every island and shell script. Resolves to the success body, or
 * null when the call failed (after telling the user, or sending them to sign in again).
 * `Response` is the contract's type for the call, e.g. ChangelogResponse.
 */
export async function call<Response extends { success: true }>(path: string, options: CallOptions = {}): Promise<Response | null> {
  // The custom header marks the call as the portal's own (state-changing GETs require it).
  const headers: Record<string, string> = { Accept: 'application/json', [PORTAL_CLIENT_HEADER]: '1' };
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let payload: Response | Failure;
  try {
    const res = await fetch(path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'same-origin' });
    payload = (await res.json()) as Response | Failure;
  } catch {
    payload = { success: false, isAuthFailed: false };
  }
  if (payload.success) return payload;
  if (payload.isAuthFailed) {
    window.location.assign(loginUrl());
    return null;
  }
  const handler = options.onFailure;
  if (typeof handler === 'function') handler(payload);
  else if (handler !== 'silent') showToast(handler ?? GENERIC_FAILURE, { type: 'error' });
  return null;
}
