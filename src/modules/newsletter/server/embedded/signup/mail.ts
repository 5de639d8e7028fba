import type { Runtime } from '../../../../../platform/runtime';
import { mailTransportOf, type OutgoingMail } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import { SIGNUP_LINK_HOURS } from '../../../contract';
import { confirmUrl, signupToken } from './service';
import * as repo from './repository';

/**
 * The `newsletter-signup-mail` job: the message asking the address's owner to confirm. It holds
 * nothing the visitor typed but the address it goes to (a stranger's name could make the school
 * say anything to anyone), and its link is the school's configured site address. A temporary
 * failure of the mail server throws, so the job queue tries again later; a refused address or a
 * header that cannot be written is final (nothing to retry).
 */

export function signupMail(signup: Pick<repo.SignupRow, 'domain_id' | 'email'>, schoolName: string, link: string): OutgoingMail {
  const subject = `Please confirm your subscription to ${schoolName}’s newsletter`;
  const html = [
    '<p>Hello,</p>',
    `<p>Someone, probably you, asked to receive the newsletter of ${escapeText(schoolName)} at ${escapeText(signup.email)}.</p>`,
    `<p><a href="${escapeAttribute(link)}">Confirm my subscription</a></p>`,
    `<p>The link works for ${SIGNUP_LINK_HOURS} hours. If you did not ask for this, ignore this message: you will not be subscribed.</p>`,
  ].join('\n');
  const text = [
    'Hello,',
    '',
    `Someone, probably you, asked to receive the newsletter of ${schoolName} at ${signup.email}.`,
    '',
    `Confirm your subscription: ${link}`,
    '',
    `The link works for ${SIGNUP_LINK_HOURS} hours. If you did not ask for this, ignore this message: you will not be subscribed.`,
  ].join('\n');
  return { kind: 'system', domainId: signup.domain_id, fromName: schoolName, to: { address: signup.email }, subject, html, text };
}

export async function sendSignupMail(rt: Runtime, signupId: number, schoolName: string): Promise<void> {
  const signup = await repo.findSignup(rt.db, signupId);
  // Purged, or already confirmed (a retried job): nothing to send.
  if (!signup || signup.confirmed_at !== null) return;
  const link = confirmUrl(signup.site_url, await signupToken(rt.db, signup));
  let result;
  try {
    result = await mailTransportOf(rt).send(signupMail(signup, schoolName, link));
  } catch (err) {
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the confirmation later: ${result.response}`);
}
