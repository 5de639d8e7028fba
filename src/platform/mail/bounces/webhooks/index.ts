import { readMailgun } from './mailgun';
import { readPostmark } from './postmark';
import { readSendgrid } from './sendgrid';
import { readSes } from './ses';
import { refuse } from './shared';
import type { WebhookOutcome, WebhookRequest, WebhookSecrets } from './types';

export type { WebhookOutcome, WebhookRequest, WebhookSecrets } from './types';

/**
 * Mail providers' bounce and complaint webhooks read into BounceReports: each request is checked
 * against its provider's secret or signature, then parsed. Pure: the caller records the reports,
 * confirms an SNS subscription (GET confirmUrl) and answers with the status of a refusal.
 */
export const WEBHOOK_PROVIDERS = ['ses', 'sendgrid', 'postmark', 'mailgun'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export function isWebhookProvider(name: string): name is WebhookProvider {
  return (WEBHOOK_PROVIDERS as readonly string[]).includes(name);
}

type Reader = (request: WebhookRequest, key: string, now: number) => WebhookOutcome;

const READERS: Readonly<Record<WebhookProvider, { key: (secrets: WebhookSecrets) => string | undefined; read: Reader }>> = {
  ses: { key: (s) => s.secret, read: readSes },
  sendgrid: { key: (s) => s.sendgridPublicKey, read: readSendgrid },
  postmark: { key: (s) => s.secret, read: readPostmark },
  mailgun: { key: (s) => s.mailgunSigningKey, read: readMailgun },
};

/**
 * The reports a provider's webhook request carries, or why it is refused: 403 when the provider's
 * secret is not configured (no request could be trusted), 401 for a missing or wrong secret or
 * signature, 400 for a body that is not the provider's. Never throws.
 *
 * SNS sends the URL's basic-auth credentials only after a 401 that asks for them: the route adds
 * `WWW-Authenticate: Basic realm="…"` to a 401 (or the URL carries `?secret=` instead).
 */
export function readWebhook(provider: WebhookProvider, request: WebhookRequest, secrets: WebhookSecrets): WebhookOutcome {
  // A name from a route parameter may be none of ours, whatever the type says.
  const reader = isWebhookProvider(provider) ? READERS[provider] : undefined;
  if (!reader) return refuse(400, 'There is no such webhook.');
  const key = reader.key(secrets)?.trim();
  if (!key) return refuse(403, 'This webhook is not configured.');
  if (request.method.toUpperCase() !== 'POST') return refuse(400, 'Webhooks are POST requests.');
  try {
    return reader.read(request, key, secrets.now);
  } catch {
    // Every reader checks what it reads; this is for the case nobody thought of, which must not become a 500 the provider retries forever.
    return refuse(400, 'The webhook body could not be read.');
  }
}
