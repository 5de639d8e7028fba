import type { Runtime } from '../../../../../platform/runtime';
import { mailTransportOf, type OutgoingMail } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import { newLinkToken } from '../../../../../platform/auth/link-tokens';
import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import { INVITATION_LINK_HOURS } from '../../../rules';
import { findSchoolById } from '../../service';
import { welcomeUrl } from '../../links';
import { portalAddress } from '../../../../../platform/http/link-addresses';
import * as repo from './repository';

/**
 * The `account-invitation-mail` job: mints the invitation's link (on the portal's configured
 * address; only its hash is kept) and mails it. A job whose request was superseded (Send again) or
 * whose invitation ended does nothing. A temporary failure of the mail server throws, so the queue
 * tries again later with a new link (nobody received the last one); a refused address or an
 * unwritable header is final.
 */

export interface InvitationMailPayload {
  invitationId: number;
  /** The add or Send again this mail answers (the invitation's `requested_at` then). */
  requestedAt: number;
}

const LINK_SECONDS = INVITATION_LINK_HOURS * 60 * 60;

export function invitationMail(
  invitation: { domain_id: number; email: string; name: string },
  schoolName: string,
  inviter: string | undefined,
  link: string,
): OutgoingMail {
  const who = inviter ?? 'A colleague';
  const subject = `You have been invited to the Staff Portal of ${schoolName}`;
  const intro = `${who} has authorised you to use the Staff Portal of ${schoolName}, where staff look after the school's website, app, newsletters and more.`;
  const expiry = `The link works once, for ${INVITATION_LINK_HOURS} hours. If it has expired, ask ${inviter ?? 'a colleague'} to send the invitation again.`;
  const signIn = `You will sign in with this email address: ${invitation.email}`;
  const text = [`Hello ${invitation.name},`, '', intro, '', `Choose your password to get started: ${link}`, '', expiry, signIn].join('\n');
  const html = [
    `<p>Hello ${escapeText(invitation.name)},</p>`,
    `<p>${escapeText(intro)}</p>`,
    `<p><a href="${escapeAttribute(link)}">Choose your password</a></p>`,
    `<p>${escapeText(expiry)}<br>${escapeText(signIn)}</p>`,
  ].join('\n');
  return { kind: 'system', domainId: invitation.domain_id, fromName: schoolName, to: { address: invitation.email, name: invitation.name }, subject, html, text };
}

export async function sendInvitationMail(rt: Runtime, payload: InvitationMailPayload): Promise<void> {
  const invitation = await repo.findInvitation(rt.db, payload.invitationId);
  // Accepted, withdrawn, or asked for again since: this mail is not the one to send.
  if (!invitation || invitation.requested_at !== payload.requestedAt) return;
  const school = await findSchoolById(rt.db, invitation.domain_id);
  if (!school) return;
  const inviter = invitation.invited_by === null ? undefined : await repo.userName(rt.db, invitation.domain_id, invitation.invited_by);
  const now = rt.clock();
  const { token, hash } = newLinkToken();
  if (!(await repo.storeInvitationToken(rt.db, invitation.id, payload.requestedAt, { hash, sentAt: now, expiresAt: now + LINK_SECONDS }))) return;
  let result;
  try {
    result = await mailTransportOf(rt).send(invitationMail(invitation, school.name, inviter, welcomeUrl(portalAddress(rt.config), token)));
  } catch (err) {
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the invitation later: ${result.response}`);
}
