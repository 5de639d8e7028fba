import type { Runtime } from '../../../../../platform/runtime';
import { readLimited } from '../../../../../platform/http/limits/body-limits';
import { sitesAddress } from '../../../../../platform/http/link-addresses';
import { siteAppPaths } from '../../../rules';
import { findAppSite, subscribe, unsubscribe, type OptInOutcome } from '../subscriptions/service';
import { vapidKeys } from '../push/vapid';
import { serviceWorkerSource, webAppManifest } from './assets';
import { notificationFeed } from './feed';

/**
 * The answers of the app's addresses on a school's public site (`siteAppPaths`, the route files
 * under src/pages/sites/[school]/app/ call these): the manifest, the service worker, the VAPID
 * public key, the opt-in's subscribe and unsubscribe, and the notification feed. Each answers
 * 404 unless the school's site offers notifications (it has the website and the app).
 *
 * The site page cache (src/modules/website/server/embedded/site/page-cache.ts) keeps a GET's 200 until the site
 * changes, with its content type only: whatever changes without the site changing (the feed), or
 * needs another header (the service worker's scope), says `no-store`.
 */

/** The largest opt-in body: a subscription is well under 1 KB. */
export const OPT_IN_MAX_BYTES = 4 * 1024;

const NO_STORE = { 'Cache-Control': 'no-store' };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

function notFound(): Response {
  return json(404, { success: false, isAuthFailed: false, message: 'Not found.' }, NO_STORE);
}

function outcomeResponse(outcome: OptInOutcome): Response {
  return outcome.ok
    ? json(200, { success: true, isAuthFailed: false }, NO_STORE)
    : json(outcome.status, { success: false, isAuthFailed: false, message: outcome.message }, NO_STORE);
}

export async function manifestResponse(runtime: Runtime, label: string): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return notFound();
  return new Response(JSON.stringify(webAppManifest(site)), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' } });
}

export async function serviceWorkerResponse(runtime: Runtime, label: string): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
  return new Response(serviceWorkerSource(site), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // Served from .../app/sw.js, it may control the whole of the school's site, and no more.
      'Service-Worker-Allowed': siteAppPaths(site.label).scope,
      'Content-Security-Policy': "default-src 'none'",
      ...NO_STORE,
    },
  });
}

/** The VAPID public key the browser subscribes with (the same for every school: the server's). */
export async function pushKeyResponse(runtime: Runtime, label: string): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return notFound();
  return json(200, { publicKey: (await vapidKeys(runtime.db)).publicKey });
}

/** The body as JSON, or the answer refusing it. */
async function readJson(request: Request): Promise<{ body: unknown } | { refused: Response }> {
  const bytes = await readLimited(request, OPT_IN_MAX_BYTES);
  if (!bytes) return { refused: json(413, { success: false, isAuthFailed: false, message: 'This request is too large.' }, NO_STORE) };
  try {
    return { body: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { refused: json(400, { success: false, isAuthFailed: false, message: 'The request is not JSON.' }, NO_STORE) };
  }
}

export async function subscribeResponse(runtime: Runtime, label: string, request: Request, clientAddress: string): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return notFound();
  const read = await readJson(request);
  if ('refused' in read) return read.refused;
  return outcomeResponse(
    await subscribe(runtime.db, site, read.body, { ip: clientAddress, extraPushServices: runtime.config.PORTAL_PUSH_SERVICES, now: runtime.clock() }),
  );
}

export async function unsubscribeResponse(runtime: Runtime, label: string, request: Request): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return notFound();
  const read = await readJson(request);
  if ('refused' in read) return read.refused;
  return outcomeResponse(await unsubscribe(runtime.db, site, read.body));
}

/** The feed: public, readable from any origin (an app's web view), never kept by a cache (a send does not change the site). */
export async function feedResponse(runtime: Runtime, label: string): Promise<Response> {
  const site = await findAppSite(runtime.db, label);
  if (!site) return notFound();
  return json(200, await notificationFeed(runtime.db, site, sitesAddress(runtime.config)), {
    'Content-Type': 'application/feed+json; charset=utf-8',
    'Access-Control-Allow-Origin': '*',
    ...NO_STORE,
  });
}
