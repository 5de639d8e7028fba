import type { AstroGlobal } from 'astro';
import type { Db } from '../../../../platform/db';
import { SESSION_COOKIE, sessionCookieOptions } from '../../../../platform/auth/cookie';
import { PASSWORD_BUSY_MESSAGE } from '../../../../platform/auth/passwords';
import { hashToken, revokeSession } from '../../../../platform/auth/sessions';
import { PAGE_FORM_MAX_BYTES, readFormLimited } from '../../../../platform/http/limits/body-limits';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** What an emailed link's page reads and does: an invitation's welcome, a password reset. */
interface LinkPage<Screen extends { state: string }> {
  read(db: Db, token: string, now: number): Promise<Screen>;
  submit(db: Db, token: string, fields: { password: unknown; confirm: unknown }, now: number, sessionSeconds: number): Promise<Screen>;
}

type SignedIn = { state: 'signed-in'; sessionToken: string };

/** The answer's status for a link that cannot be used. */
const STATUS_OF: Readonly<Record<string, number>> = { invalid: 404, expired: 410, taken: 409 };

/**
 * An emailed link's page at `/<page>/<token>`: never cached nor indexed. GET only reads the link
 * (mail scanners open links); the form's POST sets the password, and once that signs the user in
 * the browser is theirs: whoever else was signed in on it is signed out, and it goes home.
 * Returns the screen to draw, or the redirect to answer.
 */
export async function serveLinkPage<Screen extends { state: string }>(
  Astro: AstroGlobal,
  page: LinkPage<Screen | SignedIn>,
): Promise<Exclude<Screen, { state: 'signed-in' }> | Response> {
  const runtime = embeddedRuntime(Astro.locals);
  const token = Astro.params.token ?? '';
  Astro.response.headers.set('Cache-Control', 'no-store');
  Astro.response.headers.set('X-Robots-Tag', 'noindex');

  let screen: Screen | SignedIn;
  if (Astro.request.method === 'POST') {
    const read = await readFormLimited(Astro.request, PAGE_FORM_MAX_BYTES);
    const form = read instanceof FormData ? read : new FormData();
    const sessionSeconds = runtime.config.PORTAL_SESSION_DAYS * 24 * 60 * 60;
    screen = await page.submit(runtime.db, token, { password: form.get('password'), confirm: form.get('confirm') }, runtime.clock(), sessionSeconds);
    if (isSignedIn(screen)) {
      // The browser's earlier session (someone else's, perhaps) ends: the link signs in its own user.
      const earlier = Astro.cookies.get(SESSION_COOKIE)?.value;
      if (earlier) await revokeSession(runtime.db, hashToken(earlier));
      Astro.cookies.set(SESSION_COOKIE, screen.sessionToken, sessionCookieOptions(runtime.config, Astro.request.url, sessionSeconds));
      return Astro.redirect('/home', 303);
    }
    // Asked again: a refused password, or a server too busy hashing to take one (nothing changed).
    if (screen.state === 'ask') Astro.response.status = 'error' in screen && screen.error === PASSWORD_BUSY_MESSAGE ? 429 : 400;
  } else {
    screen = await page.read(runtime.db, token, runtime.clock());
  }
  const status = STATUS_OF[screen.state];
  if (status) Astro.response.status = status;
  return screen as Exclude<Screen, { state: 'signed-in' }>;
}

function isSignedIn(screen: { state: string }): screen is SignedIn {
  return screen.state === 'signed-in';
}
