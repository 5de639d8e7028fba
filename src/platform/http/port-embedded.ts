/**
 * The embedded backend's adapter of a module's routes (./port.ts): each call served with `serve`
 * (session, validation, envelope), its needs met by the embedded limits, and its handler given the
 * backend built on the request's context.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { RequestContext } from '../context';
import type { Runtime } from '../runtime';
import { serve, routePath, type ServeOptions } from './calls';
import { requireAuth, portalScriptOnly } from './middleware';
import { heavyCall } from './limits/heavy-calls';
import { uploadLimit } from './limits/upload-limit';
import { readFormWithFile } from './limits/multipart';
import { requireLinkHost } from './link-addresses';
import { clearedSessionCookieOptions, SESSION_COOKIE } from '../auth/cookie';
import { fileResponse, type PortNeeds, type PortRoutes } from './port';
import type { AppEnv, AuthedEnv } from './types';

function optionsOf(needs: PortNeeds): ServeOptions<AuthedEnv> {
  const before: MiddlewareHandler<AuthedEnv>[] = [];
  if (needs.scriptOnly) before.push(portalScriptOnly);
  if (needs.linkHost) before.push(requireLinkHost);
  if (needs.heavy) before.push(heavyCall(needs.heavy));
  if (needs.upload === undefined) return { before };
  before.push(uploadLimit);
  return { before, readForm: readFormWithFile(needs.upload, { required: needs.fileRequired ?? false }) };
}

/** `signsOut`: the session has ended with the user, its cookie goes too. */
function clearCookieIfSignedOut(c: Context<AuthedEnv>, result: unknown): void {
  if (typeof result === 'object' && result !== null && 'signedOut' in result && result.signedOut === true) {
    deleteCookie(c, SESSION_COOKIE, clearedSessionCookieOptions(c.get('runtime').config, c.req.url));
  }
}

/**
 * Kept answers of versioned calls (PortVersioned), per runtime (its database: a process running
 * several, as the tests do, must not mix them) by school, path and version, the oldest dropped past
 * the budget: a new version makes the old one's key unreachable, so nothing is ever stale.
 */
const KEPT_ANSWERS_BYTES = 32 * 1024 * 1024;

class KeptAnswers {
  private readonly texts = new Map<string, string>();
  private bytes = 0;

  get(key: string): string | undefined {
    return this.texts.get(key);
  }

  keep(key: string, text: string): void {
    this.texts.set(key, text);
    this.bytes += text.length;
    for (const [oldKey, oldText] of this.texts) {
      if (this.bytes <= KEPT_ANSWERS_BYTES) break;
      this.texts.delete(oldKey);
      this.bytes -= oldText.length;
    }
  }
}

const keptByRuntime = new WeakMap<Runtime, KeptAnswers>();

function keptAnswersOf(runtime: Runtime): KeptAnswers {
  let kept = keptByRuntime.get(runtime);
  if (!kept) keptByRuntime.set(runtime, (kept = new KeptAnswers()));
  return kept;
}

/** A versioned call's answer: a 304 to a client holding this version, else the text kept for it (made once). */
async function versionedAnswer(c: Context<AuthedEnv>, ctx: RequestContext, version: string, answer: () => Promise<object>): Promise<Response> {
  // Weak: the bytes sent may be compressed on the way; the school is in it, as a browser's cache may hold several.
  const tag = `W/"${ctx.domain.id}-${version}"`;
  const headers = { ETag: tag, 'Cache-Control': 'private, no-cache' };
  if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(tag)) return c.body(null, 304, headers);
  const kept = keptAnswersOf(c.get('runtime'));
  const key = `${ctx.domain.id} ${c.req.path} ${version}`;
  let text = kept.get(key);
  if (text === undefined) {
    text = JSON.stringify({ success: true, isAuthFailed: false, ...(await answer()) });
    kept.keep(key, text);
  }
  return c.body(text, 200, { ...headers, 'Content-Type': 'application/json' });
}

export function mountEmbedded<B>(app: Hono<AppEnv>, routes: PortRoutes<B>, backendOf: (ctx: RequestContext, runtime: Runtime) => B): void {
  for (const route of routes.calls) {
    serve(
      app,
      route.call,
      async (ctx, input, c) => {
        const backend = backendOf(ctx, c.get('runtime'));
        const version = route.needs.versioned ? await route.needs.versioned(backend) : null;
        if (version !== null) return versionedAnswer(c, ctx, version, async () => route.handle(backend, input));
        const result = await route.handle(backend, input);
        if (route.needs.signsOut) clearCookieIfSignedOut(c, result);
        return result;
      },
      optionsOf(route.needs),
    );
  }
  for (const download of routes.downloads) {
    app.get(routePath(download.path), requireAuth, async (c) => fileResponse(await download.handle(backendOf(c.get('ctx'), c.get('runtime')))));
  }
}
