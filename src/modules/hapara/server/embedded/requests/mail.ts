import { findSchoolById } from '../../../../account/server';
import type { Runtime } from '../../../../../platform/runtime';
import { mailTransportOf, type OutgoingMail } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import { escapeText } from '../../../../../lib/editor-html/dom';
import { describeRequest } from './describe';
import * as repo from './repository';

/**
 * The `hapara-request-mail` job: tells the person who asked for a change that the provider
 * approved it, or rejected it and why. Enqueued in the decision's transaction. A temporary
 * failure of the mail server throws, so the queue tries again later; a refused address or a
 * header that cannot be written is final.
 */
export const REQUEST_MAIL_JOB = 'hapara-request-mail';

function day(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** One line: a subject and a description never carry a line break from a payload into a header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

export function requestMail(request: repo.RequestRecord, schoolName: string): OutgoingMail {
  const what = oneLine(describeRequest(request));
  const approved = request.status === 'approved';
  const subject = `${approved ? 'Approved' : 'Not approved'}: ${what}`;
  const asked = `On ${day(request.created_at)} you asked your provider, for ${schoolName}: ${what}.`;
  const outcome = approved
    ? 'Your provider has verified and approved this change. It is now part of your school’s roster.'
    : 'Your provider did not approve this change, so nothing has been changed.';
  const reason = !approved && request.reason ? `Reason: ${request.reason}` : null;
  const text = [`Hello ${request.requester_name},`, '', asked, '', outcome, ...(reason ? ['', reason] : [])].join('\n');
  const html = [
    `<p>Hello ${escapeText(request.requester_name)},</p>`,
    `<p>${escapeText(asked)}</p>`,
    `<p>${escapeText(outcome)}</p>`,
    ...(reason ? [`<p>${escapeText(reason)}</p>`] : []),
  ].join('\n');
  return {
    kind: 'system',
    domainId: request.domain_id,
    fromName: 'Learning in the Cloud',
    to: { address: request.requester_email, name: oneLine(request.requester_name) },
    subject,
    html,
    text,
  };
}

export async function sendRequestMail(rt: Runtime, requestId: number): Promise<void> {
  const request = await repo.findRequest(rt.db, requestId);
  // Gone with its school, or somehow still pending: nothing to tell.
  if (!request || request.status === 'pending') return;
  const school = await findSchoolById(rt.db, request.domain_id);
  let result;
  try {
    result = await mailTransportOf(rt).send(requestMail(request, school?.name ?? 'your school'));
  } catch (err) {
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the request's notice later: ${result.response}`);
}
