import type { RequestContext } from '../../../../../platform/context';
import { inTransaction } from '../../../../../platform/context';
import type { SimpleSendForm } from '../../../contract';
import { cleanFileName, createPost, getPost, listCategories, uploadMedia } from '../../../../website/server';
import { findSchoolByLabel } from '../../../../account/server';
import type { SchoolContext } from '../../../../../platform/context';
import { countAudience } from '../members/repository';
import { absoluteAddresses, attachmentParagraph, newsletterHtml, plainText } from './compose';
import { checkSendQuota, startSend, type NewsletterContent, type SendPlace } from './service';
import { sendQuota, type QuotaSettings } from './quota';
import { lastReplyTo } from './repository';
import type { SendForm } from '../../backend';

/**
 * Simple newsletter (spec: `send/simple`): the message is published on the school's website as
 * a post in the ticked categories (with a link to the attachment, when there is one), and the
 * same content goes to every subscribed member, with that link (or the file itself, attached,
 * when the form asks for it), a 'View in your browser'
 * link to the post and an unsubscribe link. Post and send are made in one transaction: a send
 * never goes out without its post, nor a post without its send.
 */
export interface SimpleSendPlace extends SendPlace {
  /** The runtime's data folder (the attachment is stored as a website upload). */
  dataDir: string;
  /** Where the public site is served (PORTAL_SITES_URL, or the portal's address). */
  siteOrigin: string;
}

/** A newsletter's attachment, stored as a website upload: linked from the post, carried by every copy. */
export interface StoredAttachment {
  /** Its public address (site-relative) and title, for the post's link. */
  url: string;
  title: string;
  /** What the send keeps: the stored file's name, the name the mail shows, the type its bytes have. */
  send: NonNullable<NewsletterContent['attachment']>;
}

/** Stores an attachment as the school's upload (checked by its bytes); a refused file throws a Refusal. */
export async function storeAttachment(ctx: SchoolContext, dataDir: string, file: File): Promise<StoredAttachment> {
  const media = await uploadMedia(ctx, dataDir, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, false);
  return {
    url: media.source_url,
    title: media.title.rendered,
    send: { file: media.source_url.split('/').pop() ?? '', name: cleanFileName(file.name) || media.title.rendered, type: media.mime_type },
  };
}

export async function sendSimpleNewsletter(ctx: RequestContext, form: SimpleSendForm, place: SimpleSendPlace): Promise<{ id: number; total: number; post_url: string }> {
  await checkSendQuota(ctx, place.quota);
  // Stored first (a file is not part of a transaction); a refused file stops everything here.
  const attachment = form.attachment ? await storeAttachment(ctx, place.dataDir, form.attachment) : undefined;
  return inTransaction(ctx, async (trx) => {
    const linked = attachment ? `${form.message}${attachmentParagraph(attachment.url, attachment.title)}` : form.message;
    const post = await createPost(trx, { id: null, title: form.subject, content: linked, category: form.category, parent: null });
    // The email carries exactly what the website shows: the post's sanitised content.
    const stored = await getPost(trx, post.id);
    const viewUrl = `${place.siteOrigin}${post.post_url}`;
    const html = newsletterHtml(stored.post_content, viewUrl, place.siteOrigin);
    const send = await startSend(
      trx,
      {
        fromName: form.from,
        replyTo: form.reply_to,
        subject: form.subject,
        html,
        text: `View in your browser: ${viewUrl}\n\n${plainText(absoluteAddresses(stored.post_content, place.siteOrigin))}`,
        // Linked (the default), the file is only the post's link, absolute in the email; attached, every copy carries it too.
        ...(attachment && form.attachment_mode === 'attach' ? { attachment: attachment.send } : {}),
      },
      place,
    );
    return { ...send, post_url: viewUrl };
  });
}

/** The Simple Newsletter screen's first HTML: categories, audience, the school's name and its quota in one go. */
export async function loadSimpleSendScreen(ctx: SchoolContext, quota: QuotaSettings): Promise<Omit<SendForm, 'testAddresses'>> {
  const [categories, audience, school, left, replyTo] = await Promise.all([
    listCategories(ctx),
    countAudience(ctx.db, ctx.domain.id),
    findSchoolByLabel(ctx.db, ctx.domain.label),
    sendQuota(ctx, quota),
    lastReplyTo(ctx.db, ctx.domain.id),
  ]);
  return { categories, audience, schoolName: school?.name ?? '', replyTo: replyTo ?? '', quota: { limit: left.limit, left: left.left } };
}
