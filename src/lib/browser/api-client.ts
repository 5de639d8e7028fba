/**
 * The envelope's handling in the browser, in one place: every call of the portal's scripts
 * (`send`, ./send.ts) and the gallery uploader (Uppy's own requests) come through here, so
 * `isAuthFailed` always goes to the login address and `success: false` always shows the spec's
 * toast (or what the caller asked for).
 */
import type { Failure } from '../contract/envelope';
import { PORTAL_CLIENT_HEADER } from '../contract/http-headers';
import { showToast } from './toast';

/** The spec's generic failure toast. */
export const GENERIC_FAILURE = 'Failed! Please try again!';

/** The central login address, written into the page by the shell (PORTAL_LOGIN_URL). */
export function loginUrl(): string {
  return document.body.dataset.loginUrl || '/login';
}

/**
 * What to do with `success: false`: by default the generic toast; a string shows that text
 * instead; 'silent' shows nothing (spec: changelog and gallery failures); a function decides.
 * An expired session goes to the login address whatever this says.
 */
export type OnFailure = string | 'silent' | ((failure: Failure) => void);

/**
 * Sent with every call, uploads included. The custom header marks the call as the portal's own
 * (state-changing GETs require it).
 */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json', [PORTAL_CLIENT_HEADER]: '1' };

/** A response's envelope from its status and text; anything else (no JSON, no `success`) is a failure, an auth failure for 401. */
export function readEnvelope<Body extends { success: true }>(status: number, text: string): Body | Failure {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'success' in parsed && typeof parsed.success === 'boolean') {
      return parsed as Body | Failure;
    }
  } catch {
    // Not JSON: a proxy's error page, a cut connection.
  }
  return { success: false, isAuthFailed: status === 401 };
}

/**
 * The one place an envelope is settled: the success body, or null after a failure has been
 * dealt with (sign in again, or the toast / `onFailure`).
 */
export function settle<Body extends { success: true }>(payload: Body | Failure, onFailure?: OnFailure): Body | null {
  if (payload.success) return payload;
  if (payload.isAuthFailed) {
    window.location.assign(loginUrl());
    return null;
  }
  if (typeof onFailure === 'function') onFailure(payload);
  else if (onFailure !== 'silent') void showToast(onFailure ?? GENERIC_FAILURE, { type: 'error' });
  return null;
}

/** One request with same-origin credentials and the portal's headers; its envelope (a failure when the network failed). */
export async function request<Body extends { success: true } = { success: true }>(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: BodyInit },
): Promise<Body | Failure> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: { ...CLIENT_HEADERS, ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      credentials: 'same-origin',
    });
    return readEnvelope<Body>(res.status, await res.text());
  } catch {
    return { success: false, isAuthFailed: false };
  }
}
