import { newsletterCalls } from '../../contract';
import { routesOver } from '../../../../platform/http/port';
import type { NewsletterBackend } from '../backend';

/** Sending newsletters (spec section 7, Newsletter `send/*`), the sends that follow and their outbox, served at the API's root. */
export const SEND_ROUTES = routesOver<NewsletterBackend>((serve) => {
  serve(newsletterCalls.sendSimple, (newsletter, { form }) => newsletter.sendSimple(form), { linkHost: true, heavy: 'document', upload: 'attachment' });
  // A test renders and mails the message at once; a preview renders it: heavy calls, in the school's lane.
  serve(newsletterCalls.sendSimpleTest, (newsletter, { form }) => newsletter.sendSimpleTest(form), { linkHost: true, heavy: 'document', upload: 'attachment' });
  serve(newsletterCalls.previewSimple, (newsletter, { body }) => newsletter.previewSimple(body), { heavy: 'document' });
  serve(newsletterCalls.sends, (newsletter, { query }) => newsletter.listSends(query.page));
  serve(newsletterCalls.send, (newsletter, { params }) => newsletter.sendDetail(params.id));
  serve(newsletterCalls.pauseSend, async (newsletter, { params }) => ({ send: await newsletter.pauseSend(params.id) }));
  serve(newsletterCalls.resumeSend, async (newsletter, { params }) => ({ send: await newsletter.resumeSend(params.id) }));
  serve(newsletterCalls.cancelSend, async (newsletter, { params }) => ({ send: await newsletter.cancelSend(params.id) }));
  serve(newsletterCalls.sendMessages, (newsletter, { params, query }) => newsletter.listSendMessages(params.id, query.page));
  serve(newsletterCalls.outboxMessage, async (newsletter, { params }) => ({ message: await newsletter.outboxMessage(params.id) }));
});
