import type { Api } from '../../src/app/api';
import { SESSION_COOKIE } from '../../src/platform/auth/sessions';

/** The address the Astro adapter would hand the API; rate limits count per address. */
export const CLIENT_ADDRESS = '203.0.113.5';

export interface RequestOptions {
  /** Sent as `Cookie`. */
  cookie?: string | undefined;
  headers?: Record<string, string>;
  clientAddress?: string;
  /** Origin of the request URL; http://localhost unless given (e.g. https://portal.example). */
  base?: string;
}

function url(path: string, base: string | undefined): string {
  return base ? `${base.replace(/\/+$/, '')}${path}` : path;
}

function headersOf(options: RequestOptions, extra: Record<string, string> = {}): Record<string, string> {
  return { ...extra, ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) };
}

export function get(app: Api, path: string, options: RequestOptions = {}): Promise<Response> {
  return Promise.resolve(
    app.request(url(path, options.base), { method: 'GET', headers: headersOf(options) }, {
      clientAddress: options.clientAddress ?? CLIENT_ADDRESS,
    }),
  );
}

export function post(app: Api, path: string, body: string, options: RequestOptions & { contentType?: string } = {}): Promise<Response> {
  return Promise.resolve(
    app.request(
      url(path, options.base),
      { method: 'POST', body, headers: headersOf(options, { 'content-type': options.contentType ?? 'application/json' }) },
      { clientAddress: options.clientAddress ?? CLIENT_ADDRESS },
    ),
  );
}

/** POST /api/login with a JSON body, as the browser's fetch helper sends it. */
export function postLogin(
  app: Api,
  credentials: { email: string; password: string },
  options: RequestOptions & { contentType?: string } = {},
): Promise<Response> {
  return post(app, '/api/login', JSON.stringify({ email: credentials.email, password: credentials.password }), options);
}

/** A JSON POST with a session cookie ('' for none). */
export function postJson(app: Api, path: string, body: unknown, cookie: string): Promise<Response> {
  return post(app, path, JSON.stringify(body), { cookie });
}

/** An envelope that says no: its status, message and isAuthFailed (throws for a success). */
export async function failure(res: Response): Promise<{ status: number; message: string | undefined; isAuthFailed: boolean }> {
  const body = (await bodyOf(res)) as { success: boolean; isAuthFailed: boolean; message?: string };
  if (body.success !== false) throw new Error(`Expected a failure, got ${res.status} ${JSON.stringify(body)}`);
  return { status: res.status, message: body.message, isAuthFailed: body.isAuthFailed };
}

/** The body as `unknown`: tests narrow it with the contract schemas or compare it whole. */
export async function bodyOf(res: Response): Promise<unknown> {
  return (await res.json()) as unknown;
}

/** The raw Set-Cookie line of the session cookie, or undefined when the response sets none. */
export function sessionSetCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** `portal_session=<token>` ready to send back as a Cookie header, when the response set a non-empty session. */
export function sessionCookieFrom(res: Response): string | undefined {
  const line = sessionSetCookie(res);
  const pair = line?.split(';')[0];
  if (!pair || pair === `${SESSION_COOKIE}=`) return undefined;
  return pair;
}

/** Signs in through the real API and returns the cookie to send back; fails the test when sign-in fails. */
export async function signIn(
  app: Api,
  credentials: { email: string; password: string },
  options: RequestOptions = {},
): Promise<string> {
  const res = await postLogin(app, credentials, options);
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) {
    throw new Error(`Sign-in of ${credentials.email} failed: ${res.status} ${await res.text()}`);
  }
  return cookie;
}
