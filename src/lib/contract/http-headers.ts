/**
 * Sent by the portal's fetch helper on every call: a custom header no image, link, frame or form
 * can carry, so state-changing GETs (logout) can tell the portal's own scripts from page content.
 * (zod-free: the shell's script imports it.)
 */
export const PORTAL_CLIENT_HEADER = 'X-Portal-Client';
