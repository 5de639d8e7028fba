/**
 * The signed-out pages of the account module: 'Forgot password?' and the emailed links' pages
 * (an invitation's welcome, a password reset). The middleware lets them through without a
 * session; the mails build their addresses here, on the portal's address (http/link-addresses.ts).
 */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
const LINK_PAGE = /^\/(?:welcome|reset-password)\/[^/]+$/;

export function isSignedOutAccountPath(pathname: string): boolean {
  return pathname === FORGOT_PASSWORD_PATH || LINK_PAGE.test(pathname);
}

function join(portalUrl: string, path: string): string {
  return `${portalUrl.replace(/\/+$/, '')}${path}`;
}

/** An invitation's link: the welcome page, where the invitee chooses a password. */
export function welcomeUrl(portalUrl: string, token: string): string {
  return join(portalUrl, `/welcome/${token}`);
}

/** A password reset's link. */
export function resetPasswordUrl(portalUrl: string, token: string): string {
  return join(portalUrl, `/reset-password/${token}`);
}
