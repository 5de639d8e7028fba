import { siteAppPaths } from '../../../rules';

/**
 * What makes a school's public site an installable web app that can show notifications: its
 * web app manifest and its service worker, both scoped to the school's own site
 * (`/sites/<label>/`, with the slash: a scope is a prefix, and `/sites/<label>` would also
 * cover a school whose label starts with this one's).
 */

/** The site's accent and background (src/layouts/PublicSite.astro). */
const THEME_COLOUR = '#1a5ba6';
const BACKGROUND_COLOUR = '#ffffff';

/** The web app manifest (https://www.w3.org/TR/appmanifest/) of the school's site. */
export function webAppManifest(site: { label: string; name: string }): Record<string, unknown> {
  const paths = siteAppPaths(site.label);
  return {
    id: paths.scope,
    name: site.name,
    short_name: site.name.length > 12 ? site.name.split(/\s+/)[0]?.slice(0, 12) || site.name.slice(0, 12) : site.name,
    description: `News from ${site.name}.`,
    start_url: paths.scope,
    scope: paths.scope,
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

/**
 * The school's service worker: it shows each push as a notification (the school's name when a
 * push has no title; one notification per sent notification, by its tag) and a click opens the
 * post the notification names, or brings its tab forward when it is open. Plain script, no
 * imports, nothing cached: the site works the same without it.
 */
export function serviceWorkerSource(site: { name: string }): string {
  // The name only ever enters as a JSON string literal (escaped quotes and line breaks).
  return `'use strict';
// The school site's notifications.
const SCHOOL = ${JSON.stringify(site.name)};

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function text(value) {
  return typeof value === 'string' ? value : '';
}

// Only web addresses are opened.
function webAddress(value) {
  try {
    const url = new URL(text(value), self.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch (error) {
    return '';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const options = { body: text(data.body), data: { url: webAddress(data.url) } };
  if (text(data.tag)) options.tag = text(data.tag);
  event.waitUntil(self.registration.showNotification(text(data.title) || SCHOOL, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (!url) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
`;
}
