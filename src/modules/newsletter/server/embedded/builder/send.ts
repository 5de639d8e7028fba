import { inTransaction, type RequestContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { inspectAttachment } from '../../../../../platform/media/inspect';
import type { MailAttachment, MailTransport } from '../../../../../platform/mail';
import { cleanFileName } from '../../../../website/server';
import type { Build } from '../../../builder-contract';
import type { BuilderSendForm, BuilderSendResult } from '../../backend';
import { absoluteAddresses, absoluteTextLinks } from '../sends/compose';
import { recipientMail, schoolList } from '../sends/message';
import { checkSendQuota, startSend } from '../sends/service';
import { storeAttachment, type SimpleSendPlace } from '../sends/simple';
import { SAMPLE_UNSUBSCRIBE_TOKEN, unsubscribeUrl } from '../sends/unsubscribe';
import { publishBuilderPost } from './publish';
import { renderBuild } from './service';
import { withTitle } from './render/html';

/**
 * Sending a built newsletter (spec `send/builder`: from, subject, build, attachment, category,
 * test). The email is the render of the build (render/index.ts) exactly as the preview shows it,
 * its site-relative addresses made absolute (a mail client has no page to resolve them against);
 * each copy adds only its unsubscribe footer and List-Unsubscribe headers (sends/message.ts).
 *
 * - A test goes at once, through the mail transport, to the signed-in user alone (not the list;
 *   no post, no send): its footer's link is a sample that unsubscribes no one.
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

/** A test copy's attachment: checked by its bytes as an upload would be, but not stored. */
async function testAttachment(file: File): Promise<MailAttachment> {
  const inspected = await inspectAttachment(new Uint8Array(await file.arrayBuffer()));
  return {
    filename: cleanFileName(file.name) || `attachment.${inspected.ext}`,
    content: Buffer.from(inspected.stored),
    contentType: inspected.mimeType,
  };
}

async function sendTest(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace, transport: MailTransport): Promise<BuilderSendResult> {
  const email = await builderEmail(ctx, form.build, place.siteOrigin, form.subject);
  const attachment = form.attachment ? await testAttachment(form.attachment) : undefined;
  const sample = unsubscribeUrl(place.portalOrigin, SAMPLE_UNSUBSCRIBE_TOKEN);
  const mail = recipientMail(
    {
      domain_id: ctx.domain.id,
      from_name: form.from,
      reply_to: form.reply_to ?? null,
      subject: form.subject,
      html: email.html,
      text: email.text,
    },
    { email: ctx.user.email, name: '' },
    sample,
    await schoolList(ctx.db, ctx.domain.id, place.portalOrigin),
    attachment,
  );
  const result = await transport.send(mail);
  if (!result.ok) throw new Refusal(409, 'mail_failed', `The test email could not be sent: ${result.response}`);
  return { id: null, total: 1, post_url: null };
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

export function sendBuild(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace, transport: MailTransport): Promise<BuilderSendResult> {
  return form.test ? sendTest(ctx, form, place, transport) : sendToList(ctx, form, place);
}
