import { Hono, type Context } from 'hono';
import { newsletterCalls } from '../../../contracts/newsletter';
import type { AppEnv, AuthedEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { uploadLimit } from '../../http/upload-limit';
import { readFormWithFile } from '../../http/multipart';
import { sendSimpleNewsletter } from './simple';
import * as sends from './service';
import * as outbox from './outbox';

/** Sending newsletters (spec section 7, Newsletter `send/*`), served at the API's root. */
export const newsletterSendRoutes = new Hono<AppEnv>();

serve(
  newsletterSendRoutes,
  newsletterCalls.sendSimple,
  (ctx, { form }, c) => {
    const { config } = c.get('runtime');
    const portalOrigin = new URL(c.req.url).origin;
    return sendSimpleNewsletter(ctx, form, { dataDir: config.PORTAL_DATA_DIR, portalOrigin, siteOrigin: config.PORTAL_SITES_URL ?? portalOrigin });
  },
  { before: [uploadLimit], readForm: readFormWithFile('attachment') },
);

/** Mail is kept in the outbox, not sent: no MAIL_URL (the screens say so). */
function outboxOf(c: Context<AuthedEnv>): boolean {
  return !c.get('runtime').config.MAIL_URL;
}

serve(newsletterSendRoutes, newsletterCalls.sends, async (ctx, { query }, c) => ({
  ...(await sends.listSends(ctx, { page: query.page, query: '' })),
  outbox: outboxOf(c),
}));
serve(newsletterSendRoutes, newsletterCalls.send, async (ctx, { params }, c) => ({ ...(await sends.sendDetail(ctx, params.id)), outbox: outboxOf(c) }));
serve(newsletterSendRoutes, newsletterCalls.pauseSend, async (ctx, { params }) => ({ send: await sends.pauseSend(ctx, params.id) }));
serve(newsletterSendRoutes, newsletterCalls.resumeSend, async (ctx, { params }) => ({ send: await sends.resumeSend(ctx, params.id) }));
serve(newsletterSendRoutes, newsletterCalls.cancelSend, async (ctx, { params }) => ({ send: await sends.cancelSend(ctx, params.id) }));
serve(newsletterSendRoutes, newsletterCalls.sendMessages, (ctx, { params, query }) => outbox.listSendMessages(ctx, params.id, query.page));
serve(newsletterSendRoutes, newsletterCalls.outboxMessage, async (ctx, { params }) => ({ message: await outbox.outboxMessage(ctx, params.id) }));
