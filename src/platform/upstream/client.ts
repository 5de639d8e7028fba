/**
 * The one way the portal talks to the legacy backend (upstream mode). A scope is made per incoming
 * request: it forwards the browser's cookies on every call, collects the upstream's Set-Cookie
 * answers for the portal to relay, and settles each answer the same way: a timeout, a retry with
 * back-off for GETs only, the legacy envelope read leniently (401 or `isAuthFailed` -> signed out,
 * 5xx -> the generic failure, `success: false` -> refused with its message), then the call's own
 * schema; an answer it cannot read is a 502, logged with the path and the problem but never the
 * body (it holds personal data), the cookies or the authorisation.
 */
import type { z } from 'zod';
import { legacyEnvelope, parseProblem } from './legacy';
import { Refusal } from '../errors';
import { UPSTREAM_MESSAGES } from './errors';

export interface UpstreamSettings {
  /** The legacy backend's base address, without a trailing slash. */
  baseUrl: string;
  /** Each attempt's limit. */
  timeoutMs: number;
  /** PORTAL_MAX_UPLOAD_MB: uploads pass through, refused beforehand by their declared size. */
  maxUploadMb: number;
  /** Pauses before a GET's retries (after a network error, a timeout or a 5xx). */
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}

export type QueryValue = string | number | boolean | undefined;

export interface LegacyCall {
  method: 'GET' | 'POST';
  /** The spec's path, e.g. `/api/website/wordpress/posts`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body. */
  json?: unknown;
  /** A body passed through as it arrives (a multipart upload), never held whole. */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string };
  /** A body built here (fields the legacy call wants as multipart). */
  form?: FormData;
  /** The spec's slow calls (the student list, up to 30 seconds): SLOW_CALL_FACTOR times the configured limit. */
  slow?: boolean;
  /** This call's own limit, whatever the configuration says (tests). */
  timeoutMs?: number;
}

export interface IncomingRequest {
  /** The browser's Cookie header for the portal's site. */
  cookie: string | null;
  clientAddress?: string;
}

const DEFAULT_RETRY_DELAYS_MS = [200, 800] as const;
/** The student list may take up to 30 seconds (spec section 9): three times the usual limit. */
export const SLOW_CALL_FACTOR = 3;
const MAX_MESSAGE_LENGTH = 300;

function target(baseUrl: string, call: LegacyCall): string {
  const url = new URL(`${baseUrl}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

export class UpstreamScope {
  /** Set-Cookie answers of every call made for this request, in order: the portal relays them. */
  readonly setCookies: string[] = [];
  private readonly log: (line: string) => void;
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    private readonly settings: UpstreamSettings,
    private readonly incoming: IncomingRequest,
  ) {
    this.log = settings.log ?? ((line) => console.error(line));
  }

  private headersFor(call: LegacyCall): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    if (this.incoming.cookie) headers.set('Cookie', this.incoming.cookie);
    if (this.incoming.clientAddress) headers.set('X-Forwarded-For', this.incoming.clientAddress);
    if (call.json !== undefined) headers.set('Content-Type', 'application/json');
    if (call.stream) {
      headers.set('Content-Type', call.stream.contentType);
      if (call.stream.contentLength) headers.set('Content-Length', call.stream.contentLength);
    }
    return headers;
  }

  private async attempt(call: LegacyCall): Promise<Response> {
    const init: RequestInit & { duplex?: 'half' } = {
      method: call.method,
      headers: this.headersFor(call),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs ?? this.settings.timeoutMs * (call.slow ? SLOW_CALL_FACTOR : 1)),
    };
    if (call.json !== undefined) init.body = JSON.stringify(call.json);
    else if (call.form) init.body = call.form;
    else if (call.stream) {
      init.body = call.stream.body;
      init.duplex = 'half';
    }
    const response = await fetch(target(this.settings.baseUrl, call), init);
    this.setCookies.push(...response.headers.getSetCookie());
    return response;
  }

  /**
   * The upstream's response to a call, its status checked: 401 is signed out, 5xx (after a GET's
   * retries) the generic failure, a timeout 504. The body is the caller's to read (or stream).
   */
  async fetch(call: LegacyCall): Promise<Response> {
    const delays = call.method === 'GET' ? (this.settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS) : [];
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | undefined;
      let failure: Refusal;
      try {
        response = await this.attempt(call);
        if (response.status === 401) throw new Refusal(401, 'signed_out', UPSTREAM_MESSAGES.signedOut);
        if (response.status < 500) return response;
        await response.body?.cancel();
        failure = new Refusal(502, 'upstream_failed', UPSTREAM_MESSAGES.failed);
        this.log(`[upstream] ${call.method} ${call.path}: answered ${response.status}`);
      } catch (err) {
        if (err instanceof Refusal) throw err;
        failure = isTimeout(err)
          ? new Refusal(504, 'upstream_timeout', UPSTREAM_MESSAGES.timeout)
          : new Refusal(502, 'upstream_unreachable', UPSTREAM_MESSAGES.failed);
        this.log(
          `[upstream] ${call.method} ${call.path}: ${isTimeout(err) ? 'timed out' : `unreachable (${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : 'error'})`}`,
        );
      }
      const delay = delays[attempt];
      if (delay === undefined) throw failure;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** The most an upload passed through may weigh (PORTAL_MAX_UPLOAD_MB). */
  get maxUploadMb(): number {
    return this.settings.maxUploadMb;
  }

  /** `load`'s answer, loaded once for this request whoever asks (the signed-in user: the page and its shell). */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.memo.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.memo.set(key, pending);
    }
    return pending;
  }

  /** A call's JSON answer, settled (see the file's comment) and parsed with the call's schema. */
  async json<Schema extends z.ZodType>(call: LegacyCall, schema: Schema): Promise<z.output<Schema>> {
    const response = await this.fetch(call);
    let raw: unknown;
    try {
      raw = JSON.parse(await response.text());
    } catch (err) {
      if (err instanceof Error && isTimeout(err)) throw new Refusal(504, 'upstream_timeout', UPSTREAM_MESSAGES.timeout);
      this.log(`[upstream] ${call.method} ${call.path}: the answer is not JSON (status ${response.status})`);
      throw new Refusal(502, 'upstream_unreadable', UPSTREAM_MESSAGES.unreadable);
    }
    const envelope = legacyEnvelope.safeParse(raw);
    if (!envelope.success) return this.unreadable(call, envelope.error);
    if (envelope.data.isAuthFailed) throw new Refusal(401, 'signed_out', UPSTREAM_MESSAGES.signedOut);
    if (!envelope.data.success) {
      const message = envelope.data.message?.trim();
      throw new Refusal(400, 'refused', message ? message.slice(0, MAX_MESSAGE_LENGTH) : UPSTREAM_MESSAGES.failed);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return this.unreadable(call, parsed.error);
    return parsed.data;
  }

  private unreadable(call: LegacyCall, error: z.ZodError): never {
    this.log(`[upstream] ${call.method} ${call.path}: answer unreadable: ${parseProblem(error)}`);
    throw new Refusal(502, 'upstream_unreadable', UPSTREAM_MESSAGES.unreadable);
  }
}
