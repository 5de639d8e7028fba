/**
 * The push services a subscription may name. The server posts to a subscription's address, and
 * anyone may subscribe on a public site: an address of the server's own network (a database's
 * port, a cloud metadata address) must never be taken. Browsers' push services are few and
 * known; PORTAL_PUSH_SERVICES adds others (a local test service).
 */

/** The browsers' push services, by host name: Chrome, Edge, Firefox and Safari's. */
const BROWSER_PUSH_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
];

/** Whether the server may post pushes to `endpoint`: https on the default port to a browser's push service, or an origin the operator listed. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && BROWSER_PUSH_HOSTS.some((host) => host.test(url.hostname));
}
