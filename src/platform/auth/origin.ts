import { PORTAL_CLIENT_HEADER } from '../../lib/contract/http-headers';

/**
 * Cross-site request check used by every state-changing call, whatever its content type.
 * Modern browsers send Sec-Fetch-Site; older ones at least send Origin on non-GET requests.
 * Requests with neither come from non-browser clients, which cannot carry a victim's cookie.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/**
 * True for a request made by a script of this origin (fetch or XHR). Fetch Metadata says so
 * directly: same-origin, in cors or same-origin mode, for no element (`Sec-Fetch-Dest: empty`).
 * Where a browser sends no Fetch Metadata, the custom header decides: a cross-origin page could
 * only add it through a CORS preflight, which this server never grants.
 */
export function isPortalScriptRequest(request: Request): boolean {
  if (isCrossSiteRequest(request)) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site) {
    const mode = request.headers.get('sec-fetch-mode');
    const dest = request.headers.get('sec-fetch-dest');
    return site === 'same-origin' && (mode === 'cors' || mode === 'same-origin') && dest === 'empty';
  }
  return request.headers.has(PORTAL_CLIENT_HEADER);
}
