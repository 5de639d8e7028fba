import type { MiddlewareHandler } from 'hono';
import { isPortalScriptRequest } from '../auth/origin';
import { fail, MESSAGES } from './envelope';

/**
 * For the few GET calls the spec makes state-changing (logout, user delete): honoured only when
 * the portal's own scripts make them, never for an image, link, frame or form of any page
 * (school content is shown on this origin, and `<img src="/api/logout">` is same-origin too).
 * Kept apart from ./middleware.ts (which reaches the sessions' database) so both backends use it.
 */
export const portalScriptOnly: MiddlewareHandler = async (c, next) => {
  if (!isPortalScriptRequest(c.req.raw)) return fail(c, 403, MESSAGES.notFromPortal);
  await next();
};
