/**
 * The addresses of links that leave the portal (emails, push notifications, the posts a send
 * publishes): they come from the configuration only, never from a request. A request's Host header
 * is the client's to choose, so a link built from it could send a school's parents or staff to a
 * stranger's site (a password reset mailed to `http://attacker.example/...`).
 *
 * - The portal's address (invitations, password resets, unsubscribe links, tickets): PORTAL_URL,
 *   else the address the server was started on (HOST and PORT: `http://localhost:4321` by default).
 * - A school's public address (its site's posts, uploads, the sign-up's confirmation):
 *   PORTAL_SITES_URL, else the portal's.
 *
 * Without PORTAL_URL, a request that reached the server under another name never produces such a
 * link: staff calls are refused (`requireLinkHost`), and the signed-out forms answer as usual but
 * mail nothing (`mayEmailLinks`), so the answer still tells nobody who has an account.
 */
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import { Refusal } from '../errors';
import type { AuthedEnv } from './types';

export type LinkConfig = Pick<Config, 'HOST' | 'PORT' | 'PORTAL_URL' | 'PORTAL_SITES_URL'>;

/** Wildcard listening addresses name no host a browser could reach: their links say localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** `http://HOST:PORT` as a link can say it (an IPv6 address in brackets, the default port left out). */
function listeningAddress(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = WILDCARD_HOSTS.has(config.HOST) ? 'localhost' : config.HOST.includes(':') && !config.HOST.startsWith('[') ? `[${config.HOST}]` : config.HOST;
  return new URL(`http://${host}:${config.PORT}`).origin;
}

/** The portal's address, without a trailing slash: links to its pages start with it. */
export function portalAddress(config: LinkConfig): string {
  return config.PORTAL_URL ? config.PORTAL_URL.replace(/\/+$/, '') : listeningAddress(config);
}

/** Where the schools' public sites and uploads are served: PORTAL_SITES_URL, else the portal. */
export function sitesAddress(config: LinkConfig): string {
  return config.PORTAL_SITES_URL ?? portalAddress(config);
}

/** A school's public site, absolute: `<sites address>/sites/<label>`. */
export function schoolSiteAddress(config: LinkConfig, label: string): string {
  return `${sitesAddress(config)}/sites/${label}`;
}

/**
 * Whether a request may produce an emailed link: always with PORTAL_URL (the links never depend on
 * the request); without it, only a request that reached the server at the address its links name
 * (or at PORTAL_SITES_URL's, for the public sign-up).
 */
export function mayEmailLinks(config: LinkConfig, requestUrl: string | URL): boolean {
  if (config.PORTAL_URL) return true;
  const host = new URL(requestUrl).host;
  return host === new URL(portalAddress(config)).host || (config.PORTAL_SITES_URL !== undefined && host === new URL(config.PORTAL_SITES_URL).host);
}

export const LINK_HOST_REFUSED = (address: string) =>
  `This portal cannot email links from the address you opened it at. Open it at ${address}, or ask your provider to set PORTAL_URL.`;

/** A staff call whose work mails links (an invitation, a newsletter): refused from another address than the configured one. */
export const requireLinkHost = createMiddleware<AuthedEnv>(async (c, next) => {
  const { config } = c.get('runtime');
  if (!mayEmailLinks(config, c.req.url)) throw new Refusal(400, 'portal_address', LINK_HOST_REFUSED(portalAddress(config)));
  await next();
});
