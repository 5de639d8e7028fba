import { Hono, type Context } from 'hono';
import { newsletterCalls } from '../../../contracts/newsletter';
import type { AppEnv, AuthedEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { MB, uploadLimit } from '../../http/upload-limit';
import { Refusal } from '../../errors';
import { MEDIA_MESSAGES } from '../../media/errors';
import { sendSimpleNewsletter } from './simple';
import * as sends from './service';

/** Sending newsletters (spec section 7, Newsletter `send/*`), served at the API's root. */
export const newsletterSendRoutes = new Hono<AppEnv>();

/**
 * The simple send's multipart body: its text fields, and the attachment when one was chosen (a
 * browser sends an empty, nameless file part when none was).
 */
async function readSendForm(c: Context<AuthedEnv>): Promise<Record<string, string | File>> {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new Refusal(400, MEDIA_MESSAGES.notMultipart);
  }
  const fields: Record<string, string | File> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'attachment' && value instanceof File && (value.size > 0 || value.name !== '')) fields[key] = value;
  }
  const file = fields['attachment'];
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  if (file instanceof File && file.size > maxMb * MB) throw new Refusal(413, MEDIA_MESSAGES.tooLarge(maxMb));
  return fields;
}

serve(
  newsletterSendRoutes,
  newsletterCalls.sendSimple,
  (ctx, { form }, c) => {
    const { config } = c.get('runtime');
    const portalOrigin = new URL(c.req.url).origin;
    return sendSimpleNewsletter(ctx, form, { dataDir: config.PORTAL_DATA_DIR, portalOrigin, siteOrigin: config.PORTAL_SITES_URL ?? portalOrigin });
  },
  { before: [uploadLimit], readForm: readSendForm },
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
