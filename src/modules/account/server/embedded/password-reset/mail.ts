import type { Runtime } from '../../../../../platform/runtime';
import { mailTransportOf, type OutgoingMail } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import { newLinkToken } from '../../../../../platform/auth/link-tokens';
import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import { RESET_LINK_MINUTES } from '../../../rules';
import { resetPasswordUrl } from '../../links';
import { portalAddress } from '../../../../../platform/http/link-addresses';
import * as repo from './repository';

/**
 * The `account-reset-mail` job: mints the reset link (on the portal's configured address; only its
 * hash is kept) and mails it. A request used up meanwhile, older than a link's life, or whose user
 * is gone sends nothing. A temporary failure of the mail server throws, so the queue tries again
 * (with a new link: nobody received the last one); a refused address or an unwritable header is final.
 */

export interface ResetMailPayload {
  resetId: number;
}

const LINK_SECONDS = RESET_LINK_MINUTES * 60;

export function resetMail(reset: Pick<repo.ResetWithUser, 'domain_id' | 'email' | 'name' | 'school_name'>, fromName: string, link: string): OutgoingMail {
  const subject = `Reset your ${fromName} password`;
  const asked = `Someone, probably you, asked to reset the password you use to sign in to the ${fromName} of ${reset.school_name} as ${reset.email}.`;
  const expiry = `The link works once, for one hour. Setting a new password signs you out on every device.`;
  const ignore = 'If you did not ask for this, ignore this message: your password stays as it is.';
  const text = [`Hello ${reset.name},`, '', asked, '', `Choose a new password: ${link}`, '', expiry, ignore].join('\n');
  const html = [
    `<p>Hello ${escapeText(reset.name)},</p>`,
    `<p>${escapeText(asked)}</p>`,
    `<p><a href="${escapeAttribute(link)}">Choose a new password</a></p>`,
    `<p>${escapeText(expiry)}</p>`,
    `<p>${escapeText(ignore)}</p>`,
  ].join('\n');
  return { kind: 'system', domainId: reset.domain_id, fromName, to: { address: reset.email, name: reset.name }, subject, html, text };
}

export async function sendResetMail(rt: Runtime, payload: ResetMailPayload): Promise<void> {
  const reset = await repo.findReset(rt.db, payload.resetId);
  const now = rt.clock();
  // Used up (a newer password), too old to be worth sending, or its user removed: nothing to send.
  if (!reset || reset.used_at !== null || now >= reset.created_at + LINK_SECONDS) return;
  const { token, hash } = newLinkToken();
  if (!(await repo.storeResetToken(rt.db, reset.id, hash, now + LINK_SECONDS))) return;
  let result;
  try {
    result = await mailTransportOf(rt).send(resetMail(reset, rt.config.PORTAL_PROVIDER_NAME, resetPasswordUrl(portalAddress(rt.config), token)));
  } catch (err) {
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the reset link later: ${result.response}`);
}
