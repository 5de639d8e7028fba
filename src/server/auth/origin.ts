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
