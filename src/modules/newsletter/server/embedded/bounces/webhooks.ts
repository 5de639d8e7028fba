import type { Hono } from 'hono';
import { API_BASE } from '../../../../../platform/http/calls';
import { fail, ok } from '../../../../../platform/http/envelope';
import { limitBody } from '../../../../../platform/http/limits/body-limits';
import type { AppEnv } from '../../../../../platform/http/types';
import type { Runtime } from '../../../../../platform/runtime';
import { isWebhookProvider, readWebhook, type WebhookProvider } from '../../../../../platform/mail/bounces/webhooks';
import { recordBounce } from './record';

/**
 * The mail providers' bounce and complaint webhooks (issue 28): POST
 * /api/newsletter/bounces/{ses|sendgrid|postmark|mailgun}. No session: each provider proves itself
 * (a signature, or the secret of the URL it was given), checked before anything is read into the
 * database. One address for every school: a report finds its school through the copy it names.
 */
export const BOUNCE_WEBHOOK_PATH = '/newsletter/bounces/:provider';
/** The route as the API lists it: no call table holds it (providers call it, not the portal's screens). */
export const BOUNCE_WEBHOOK_ROUTE = `POST ${API_BASE}${BOUNCE_WEBHOOK_PATH}`;
/** SendGrid batches many events a request. */
const WEBHOOK_MAX_BYTES = 5 * 1024 * 1024;
const CONFIRM_TIMEOUT_MS = 10_000;

/** The providers that prove themselves with the URL's basic auth: SNS sends it only when challenged. */
const BASIC_AUTH: ReadonlySet<WebhookProvider> = new Set(['ses', 'postmark']);

function secretsOf(rt: Runtime) {
  const { MAIL_WEBHOOK_SECRET, MAIL_SENDGRID_WEBHOOK_KEY, MAIL_MAILGUN_SIGNING_KEY } = rt.config;
  return {
    ...(MAIL_WEBHOOK_SECRET ? { secret: MAIL_WEBHOOK_SECRET } : {}),
    ...(MAIL_SENDGRID_WEBHOOK_KEY ? { sendgridPublicKey: MAIL_SENDGRID_WEBHOOK_KEY } : {}),
    ...(MAIL_MAILGUN_SIGNING_KEY ? { mailgunSigningKey: MAIL_MAILGUN_SIGNING_KEY } : {}),
    now: rt.clock(),
  };
}

/** SNS asks to be confirmed by a visit to its SubscribeURL (already checked to be Amazon's). */
async function confirmSubscription(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS), redirect: 'error' });
    return res.ok;
  } catch {
    return false;
  }
}

export function mountBounceWebhooks(api: Hono<AppEnv>): void {
  api.post(BOUNCE_WEBHOOK_PATH, limitBody(WEBHOOK_MAX_BYTES), async (c) => {
    const provider = c.req.param('provider');
    if (!isWebhookProvider(provider)) return fail(c, 404, 'Not found.');
    const rt = c.get('runtime');
    const outcome = await readWebhook(provider, { method: c.req.method, url: c.req.url, headers: c.req.raw.headers, body: await c.req.text() }, secretsOf(rt));
    if (!outcome.ok) {
      if (outcome.status === 401 && BASIC_AUTH.has(provider)) c.header('WWW-Authenticate', 'Basic realm="bounces", charset="UTF-8"');
      return fail(c, outcome.status, outcome.reason);
    }
    if (outcome.confirmUrl && !(await confirmSubscription(outcome.confirmUrl))) return fail(c, 502, 'The subscription could not be confirmed.');
    let recorded = 0;
    for (const report of outcome.reports) if ((await recordBounce(rt.db, report)) !== 'unmatched') recorded += 1;
    return ok(c, { received: outcome.reports.length, recorded });
  });
}
