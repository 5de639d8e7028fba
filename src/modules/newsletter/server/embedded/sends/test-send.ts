import type { RequestContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { inspectAttachment } from '../../../../../platform/media/inspect';
import { asDocument, type MailAttachment, type MailTransport, type OutgoingMail } from '../../../../../platform/mail';
import { cleanFileName, storedContent } from '../../../../website/server';
import type { SimpleTestForm } from '../../../contract';
import { absoluteAddresses, newsletterHtml, plainText } from './compose';
import { recipientMail, schoolList } from './message';
import type { SimpleSendPlace } from './simple';
import { SAMPLE_UNSUBSCRIBE_TOKEN, unsubscribeUrl } from './unsubscribe';

/**
 * Test sends (issue 29 §2): where a user's tests go (up to five addresses, remembered per user
 * per school; their own address until they choose others), and the Simple Newsletter's test and
 * preview. A test is the email as members get it, sent at once to the test addresses only: no
 * post, no send, a sample unsubscribe link that unsubscribes no one.
 */

/** The user's test addresses: those they used last, or their own. */
export async function testAddressesOf(ctx: RequestContext): Promise<string[]> {
  const row = await ctx.db
    .selectFrom('newsletter_test_addresses')
    .select('addresses')
    .where('domain_id', '=', ctx.domain.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  const stored = row ? (JSON.parse(row.addresses) as unknown) : null;
  return Array.isArray(stored) && stored.length > 0 && stored.every((a) => typeof a === 'string') ? stored : [ctx.user.email];
}

/** Where a test goes: the addresses given (then remembered for next time), else the user's. */
export async function testRecipients(ctx: RequestContext, given: readonly string[] | undefined): Promise<string[]> {
  if (!given) return testAddressesOf(ctx);
  const addresses = JSON.stringify(given);
  await ctx.db
    .insertInto('newsletter_test_addresses')
    .values({ domain_id: ctx.domain.id, user_id: ctx.user.id, addresses, updated_at: ctx.now })
    .onConflict((oc) => oc.columns(['domain_id', 'user_id']).doUpdateSet({ addresses, updated_at: ctx.now }))
    .execute();
  return [...given];
}

/** A test copy's attachment: checked by its bytes as an upload would be, but not stored. */
export async function testAttachment(file: File): Promise<MailAttachment> {
  const inspected = await inspectAttachment(new Uint8Array(await file.arrayBuffer()));
  return {
    filename: cleanFileName(file.name) || `attachment.${inspected.ext}`,
    content: Buffer.from(inspected.stored),
    contentType: inspected.mimeType,
  };
}

/** One mail per address, each with its own (sample) footer; the first refusal of the transport stops the rest. */
export async function sendTestCopies(
  ctx: RequestContext,
  content: { from: string; reply_to?: string | undefined; subject: string; html: string; text: string },
  to: readonly string[],
  place: SimpleSendPlace,
  transport: MailTransport,
  attachment?: MailAttachment,
): Promise<void> {
  const sample = unsubscribeUrl(place.portalOrigin, SAMPLE_UNSUBSCRIBE_TOKEN);
  const list = await schoolList(ctx.db, ctx.domain.id, place.portalOrigin);
  const send = { domain_id: ctx.domain.id, from_name: content.from, reply_to: content.reply_to ?? null, subject: content.subject, html: content.html, text: content.text };
  for (const email of to) {
    const result = await transport.send(recipientMail(send, { email, name: '' }, sample, list, attachment));
    if (!result.ok) throw new Refusal(409, 'mail_failed', `The test email could not be sent to ${email}: ${result.response}`);
  }
}

/** The Simple Newsletter's email without its post: the message as the website keeps it (sanitised), its links absolute, "View in your browser" to the school's site. */
async function simpleEmail(ctx: RequestContext, message: string, place: SimpleSendPlace): Promise<{ html: string; text: string }> {
  const content = await storedContent(message);
  const site = `${place.siteOrigin}/sites/${ctx.domain.label}`;
  return { html: newsletterHtml(content, site, place.siteOrigin), text: `View in your browser: ${site}\n\n${plainText(absoluteAddresses(content, place.siteOrigin))}` };
}

export async function sendSimpleTest(ctx: RequestContext, form: SimpleTestForm, place: SimpleSendPlace, transport: MailTransport): Promise<{ total: number; to: string[] }> {
  const to = await testRecipients(ctx, form.test_to);
  // The real send links the file from the website post; a test makes no post, so it carries the file.
  const attachment = form.attachment ? await testAttachment(form.attachment) : undefined;
  const email = await simpleEmail(ctx, form.message, place);
  await sendTestCopies(ctx, { from: form.from, reply_to: form.reply_to, subject: form.subject, ...email }, to, place, transport, attachment);
  return { total: to.length, to };
}

/** The Simple Newsletter's email as a member gets it (the one mail layout, a sample footer) and its size. */
export async function previewSimple(ctx: RequestContext, input: { message: string; subject?: string | undefined; from?: string | undefined }, place: SimpleSendPlace): Promise<{ html: string; bytes: number }> {
  const email = await simpleEmail(ctx, input.message, place);
  const sample = unsubscribeUrl(place.portalOrigin, SAMPLE_UNSUBSCRIBE_TOKEN);
  const mail: OutgoingMail = recipientMail(
    { domain_id: ctx.domain.id, from_name: input.from ?? '', reply_to: null, subject: input.subject ?? '', ...email },
    { email: ctx.user.email, name: '' },
    sample,
    await schoolList(ctx.db, ctx.domain.id, place.portalOrigin),
  );
  const { html } = await asDocument(mail);
  return { html, bytes: Buffer.byteLength(html) };
}
