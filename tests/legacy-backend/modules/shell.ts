/**
 * The provider's central login and the shell's calls: GET/POST /login (a form; the session cookie
 * `legacy_sid` is set for the host, so the portal on another port of it receives it too),
 * GET /api/api/user (flags as 1/0 and text, as such backends send them) and GET /api/logout.
 */
import type { LegacyRouter } from '../router';
import { legacyOk, type LegacyAnswer } from '../router';
import { LEGACY_COOKIE } from '../server';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider sign-in</title></head><body>
<main><h1>Sign in to your school</h1>${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/login">
<label>Email <input name="email" type="email" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

export function registerShell(router: LegacyRouter, config: { portalUrl: string; newSession(email: string): string }): void {
  router.on('GET', '/login', () => ({ body: loginPage(), headers: { 'Content-Type': 'text/html; charset=utf-8' } }), { auth: false });
  router.on(
    'POST',
    '/login',
    async (request, store): Promise<LegacyAnswer> => {
      const form = new URLSearchParams(await request.text());
      const user = store.users.get((form.get('email') ?? '').trim().toLowerCase());
      if (!user || user.password !== form.get('password')) {
        return { status: 401, body: loginPage('Wrong email or password.'), headers: { 'Content-Type': 'text/html; charset=utf-8' } };
      }
      const token = config.newSession(user.email);
      return { status: 303, headers: { Location: `${config.portalUrl}/home` }, setCookies: [`${LEGACY_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`] };
    },
    { auth: false },
  );
  router.on('GET', '/api/api/user', (request) => {
    const { user, school } = request;
    if (!user || !school) return { json: { success: false, isAuthFailed: true } };
    const p = school.products;
    return legacyOk({
      user: { name: user.name, domain: school.label, email: user.email },
      // Each flag in another of the shapes such backends use.
      domain: {
        hapara: p.hapara ? 1 : 0,
        newsletter: p.newsletter ? '1' : '0',
        builder: p.builder ? 'true' : 'false',
        website: p.website,
        app: p.app ? 'yes' : '',
      },
    });
  });
  router.on(
    'GET',
    '/api/logout',
    (request, store) => {
      for (const [token, email] of store.sessions) if (email === request.user?.email.toLowerCase()) store.sessions.delete(token);
      return { json: { success: true, isAuthFailed: false }, setCookies: [`${LEGACY_COOKIE}=; Path=/; Max-Age=0`] };
    },
    { auth: false },
  );
}
