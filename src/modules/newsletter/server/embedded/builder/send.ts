import { inTransaction, type RequestContext } from '../../../../../platform/context';
import type { MailTransport } from '../../../../../platform/mail';
import { Refusal } from '../../../../../platform/errors';
import { checkBuild, sendBlockedText } from '../../../send-check';
import type { Build } from '../../../builder-contract';
import type { BuilderSendForm, BuilderSendResult } from '../../backend';
import { absoluteAddresses, absoluteTextLinks } from '../sends/compose';
import { checkSendQuota, startSend } from '../sends/service';
import { storeAttachment, type SimpleSendPlace } from '../sends/simple';
import { sendTestCopies, testAttachment, testRecipients } from '../sends/test-send';
import { publishBuilderPost } from './publish';
import { renderBuild } from './service';
import { withTitle } from './render/html';

/**
 * Sending a built newsletter (spec `send/builder`: from, subject, build, attachment, category,
 * test). The email is the render of the build (render/index.ts) exactly as the preview shows it,
 * its site-relative addresses made absolute (a mail client has no page to resolve them against);
 * each copy adds only its unsubscribe footer and List-Unsubscribe headers (sends/message.ts).
 *
 * - A test goes at once, through the mail transport, to the user's test addresses alone (up to
 *   five, their own by default: ../sends/test-send.ts; not the list, no post, no send): its
 *   footer's link is a sample that unsubscribes no one.
 * - A real send publishes the website post in the chosen categories (./publish.ts) and starts the
 *   durable send to the list, in one transaction, as the simple send does.
 */

/** The email as every recipient gets it, before their footer: titled with its subject. */
export async function builderEmail(ctx: RequestContext, build: Build, siteOrigin: string, subject: string): Promise<{ rendered: string; html: string; text: string }> {
  const email = await renderBuild(ctx, build);
  return {
    rendered: email.html,
    html: withTitle(absoluteAddresses(email.html, siteOrigin), subject),
    text: absoluteTextLinks(email.text, siteOrigin),
  };
}

/** A test: to the test addresses given (remembered for the user) or those the user used last (their own at first). */
async function sendTest(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace, transport: MailTransport): Promise<BuilderSendResult> {
  const to = await testRecipients(ctx, form.test_to);
  const email = await builderEmail(ctx, form.build, place.siteOrigin, form.subject);
  const attachment = form.attachment ? await testAttachment(form.attachment) : undefined;
  await sendTestCopies(ctx, { from: form.from, reply_to: form.reply_to, subject: form.subject, html: email.html, text: email.text }, to, place, transport, attachment);
  return { id: null, total: to.length, post_url: null };
}

async function sendToList(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace): Promise<BuilderSendResult> {
  await checkSendQuota(ctx, place.quota);
  const email = await builderEmail(ctx, form.build, place.siteOrigin, form.subject);
  // Stored first (a file is not part of a transaction); a refused file stops everything here.
  const attachment = form.attachment ? await storeAttachment(ctx, place.dataDir, form.attachment) : undefined;
  return inTransaction(ctx, async (trx) => {
    const post = await publishBuilderPost(trx, {
      title: form.subject,
      emailHtml: email.rendered,
      category: form.category ?? {},
      ...(attachment ? { attachment } : {}),
    });
    const send = await startSend(
      trx,
      {
        fromName: form.from,
        replyTo: form.reply_to,
        subject: form.subject,
        html: email.html,
        text: email.text,
        ...(attachment ? { attachment: attachment.send } : {}),
      },
      place,
    );
    return { ...send, post_url: `${place.siteOrigin}${post.post_url}` };
  });
}

/** What the builder's checklist blocks on (an image with no picture, a file block with no file, an empty text) is refused here too: other clients, and a stale page, cannot send it. */
function refuseBroken(build: Build): void {
  const blocking = checkBuild({ build }).find((problem) => problem.level === 'block');
  if (blocking) throw new Refusal(400, 'invalid', sendBlockedText(blocking), 'build');
}

export async function sendBuild(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace, transport: MailTransport): Promise<BuilderSendResult> {
  refuseBroken(form.build);
  return form.test ? sendTest(ctx, form, place, transport) : sendToList(ctx, form, place);
}
