import { inTransaction, type RequestContext } from '../../context';
import { Refusal } from '../../errors';
import { inspectAttachment } from '../../media/inspect';
import { MailHeaderError, type MailAttachment, type MailTransport } from '../../mail';
import { cleanFileName } from '../../website/service';
import type { Build, StoredBuild } from '../../../contracts/newsletter-builder';
import type { Category } from '../../../contracts/website';
import { absoluteAddresses } from '../sends/compose';
import { recipientMail } from '../sends/message';
import { startSend } from '../sends/service';
import { loadSimpleSendScreen, storeAttachment, type SimpleSendPlace } from '../sends/simple';
import { unsubscribeUrl } from '../sends/unsubscribe';
import { publishBuilderPost } from './publish';
import { renderEmail } from './render';
import { builderFrame, loadBuild } from './service';

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
export interface BuilderSendForm {
  from: string;
  subject: string;
  build: Build;
  category?: Record<string, string> | undefined;
  attachment?: File | undefined;
  test: boolean;
}

export interface BuilderSendResult {
  id: number | null;
  total: number;
  post_url: string | null;
}

/** The email as every recipient gets it, before their footer. */
export async function builderEmail(ctx: RequestContext, build: Build, siteOrigin: string): Promise<{ rendered: string; html: string; text: string }> {
  const email = await renderEmail(build, await builderFrame(ctx));
  return {
    rendered: email.html,
    html: absoluteAddresses(email.html, siteOrigin),
    text: email.text,
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
  const email = await builderEmail(ctx, form.build, place.siteOrigin);
  const attachment = form.attachment ? await testAttachment(form.attachment) : undefined;
  const sample = unsubscribeUrl(place.portalOrigin, 'test');
  const mail = recipientMail(
    {
      domain_id: ctx.domain.id,
      from_name: form.from,
      subject: form.subject,
      html: email.html,
      text: email.text,
    },
    { email: ctx.user.email, name: '' },
    sample,
    attachment,
  );
  let result;
  try {
    result = await transport.send(mail);
  } catch (err) {
    if (err instanceof MailHeaderError) throw new Refusal(400, err.message);
    throw err;
  }
  if (!result.ok) throw new Refusal(409, `The test email could not be sent: ${result.response}`, 'mail_failed');
  return { id: null, total: 1, post_url: null };
}

async function sendToList(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace): Promise<BuilderSendResult> {
  const email = await builderEmail(ctx, form.build, place.siteOrigin);
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
        subject: form.subject,
        html: email.html,
        text: email.text,
        ...(attachment ? { attachment: attachment.send } : {}),
      },
      place.portalOrigin,
    );
    return { ...send, post_url: `${place.siteOrigin}${post.post_url}` };
  });
}

export function sendBuild(ctx: RequestContext, form: BuilderSendForm, place: SimpleSendPlace, transport: MailTransport): Promise<BuilderSendResult> {
  return form.test ? sendTest(ctx, form, place, transport) : sendToList(ctx, form, place);
}

export interface ConfirmScreen {
  build: StoredBuild;
  /** The email as rendered now (the PDF export prints it). */
  html: string;
  categories: Category[];
  audience: number;
  schoolName: string;
}

/** The confirm screen's first HTML (`?id=`): the stored build and the send form's data; null when the id names no build of the school. */
export async function loadConfirmScreen(ctx: RequestContext, id: number | null): Promise<ConfirmScreen | null> {
  if (id === null) return null;
  let build: StoredBuild;
  try {
    build = await loadBuild(ctx, id);
  } catch (err) {
    if (err instanceof Refusal && err.status === 404) return null;
    throw err;
  }
  const [screen, email] = await Promise.all([loadSimpleSendScreen(ctx), renderEmail(build.build, await builderFrame(ctx))]);
  return { build, html: email.html, ...screen };
}
