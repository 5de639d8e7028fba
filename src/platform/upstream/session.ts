/**
 * Who is signed in, in upstream mode: the legacy backend's GET /api/api/user for the request's
 * cookies, asked once per request however many parts of the page need it.
 */
import { z } from 'zod';
import type { ShellSession } from '../module/shell-session';
import type { UpstreamScope } from './client';
import { isRefusal } from '../errors';
import { legacyBool, legacyText } from './legacy';

const optionalText = legacyText.optional().transform((value) => (value ? value : null));

/** GET /api/api/user: `user {name, domain}` and the school's product flags; some backends add the email, avatar or school name. */
export const legacyUserAnswer = z.object({
  user: z
    .object({ name: legacyText, domain: legacyText, email: optionalText, avatar: optionalText, avatarUrl: optionalText, domainName: optionalText })
    .loose(),
  domain: z.object({ hapara: legacyBool, newsletter: legacyBool, builder: legacyBool, website: legacyBool, app: legacyBool, name: optionalText }).loose(),
});

export function toShellSession(answer: z.output<typeof legacyUserAnswer>): ShellSession {
  const { user, domain } = answer;
  return {
    user: { name: user.name || user.email || 'Staff', email: user.email, avatarUrl: user.avatarUrl ?? user.avatar },
    domain: {
      label: user.domain,
      name: domain.name ?? user.domainName ?? user.domain,
      products: { hapara: domain.hapara, newsletter: domain.newsletter, builder: domain.builder, website: domain.website, app: domain.app },
    },
  };
}

/** The request's signed-in user, or null when the upstream says the session is over (no cookie, expired) or refuses it. */
export function upstreamSession(scope: UpstreamScope): Promise<ShellSession | null> {
  return scope.once('session', async () => {
    try {
      return toShellSession(await scope.json({ method: 'GET', path: '/api/api/user' }, legacyUserAnswer));
    } catch (err) {
      // The spec's client sends any failure of this call to the login.
      if (isRefusal(err, 'signed_out') || isRefusal(err, 'refused')) return null;
      throw err;
    }
  });
}
