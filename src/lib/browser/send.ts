/**
 * The browser's typed client: `send(websiteApi.togglePost, { body: { id, isPublic } })`. The
 * endpoint (method, path) comes from the contract's zod-free endpoints file and the input and
 * response types from its call table (src/lib/contract/calls.ts), so nothing is written twice.
 * Responses are not validated here (the server answers by the same contract); the envelope is
 * handled by ./api-client.ts. Used by the stores only.
 */
import type { Call, CallInput, CallResponse, Endpoint, TypedEndpoint } from '../contract/calls';
import { pathParams } from '../contract/calls';
import { request, settle, type OnFailure } from './api-client';

export interface SendOptions {
  /** What `success: false` does (default: the generic toast). */
  onFailure?: OnFailure;
}

/** The parts of an input the client reads (any call's). */
interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: Record<string, unknown>;
}

/** A query string from an object: undefined and null are left out, arrays repeat their key. No leading '?'. */
export function encodeQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  return params.toString();
}

/** The address of a call: `{name}` filled from `params` (encoded), and the query string. */
export function callUrl(endpoint: Endpoint, input: AnyInput = {}): string {
  let path = endpoint.path;
  for (const name of pathParams(endpoint.path)) {
    const value = input.params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const search = input.query ? encodeQuery(input.query) : '';
  return search ? `${path}?${search}` : path;
}

/** A multipart form from an object: Blobs as files, other values as text; undefined and null are left out. */
export function formData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(key, item);
      else form.append(key, String(item));
    }
  }
  return form;
}

type SendArgs<C extends Call> =
  Record<never, never> extends CallInput<C> ? [input?: CallInput<C>, options?: SendOptions] : [input: CallInput<C>, options?: SendOptions];

/**
 * Makes a call: the success body, or null when it failed (after the failure toast, the given
 * `onFailure`, or the way to the login address when the session has ended).
 */
export async function send<C extends Call>(endpoint: TypedEndpoint<C>, ...[input, options = {}]: SendArgs<C>): Promise<CallResponse<C> | null> {
  const parts = (input ?? {}) as AnyInput;
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (parts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(parts.body);
  } else if (parts.form !== undefined) {
    body = formData(parts.form);
  }
  const payload = await request(callUrl(endpoint, parts), { method: endpoint.method, headers, ...(body === undefined ? {} : { body }) });
  // The server answers by the same contract: the success body is the call's response.
  return settle(payload, options.onFailure) as CallResponse<C> | null;
}
