import type { BounceReport } from '../report';

/** A provider's POST as the route received it: the body is the raw text, since SendGrid signs its exact bytes. */
export interface WebhookRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/**
 * What to answer the provider and what to record. A refusal's status matters to the provider: 4xx
 * answers are retried by some (SendGrid, Mailgun) and shown as failures in their dashboards.
 */
export type WebhookOutcome =
  | {
      ok: true;
      reports: BounceReport[];
      /** SNS: the subscription's SubscribeURL (checked to be an SNS host): GET it to start receiving notifications. */
      confirmUrl?: string;
    }
  | { ok: false; status: 400 | 401 | 403; reason: string };

/** The configured secrets; a provider whose own is unset refuses with 403. */
export interface WebhookSecrets {
  /** SES (SNS) and Postmark: the password of the webhook URL's basic auth, or its `secret` query parameter. */
  secret?: string;
  /** SendGrid's Signed Event Webhook verification key: base64 DER (as its settings page shows it) or PEM. */
  sendgridPublicKey?: string;
  /** Mailgun's HTTP webhook signing key. */
  mailgunSigningKey?: string;
  /** Unix seconds: signed timestamps are checked against it, and reports without a time take it. */
  now: number;
}
