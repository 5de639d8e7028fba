import path from 'node:path';
import { z } from 'zod';
// Named with its extension: the server process loads this file with Node's own type stripping
// (src/app/serve.ts), which resolves no extensionless import.
import { MAIL_URL_HINT, parseMailUrl } from './mail/smtp/mail-url.ts';
import { BOUNCES_URL_HINT, parseBouncesUrl } from './mail/bounces/mailbox/url.ts';
import { isRefusal, Refusal } from './errors.ts';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `https://host[:port]` with nothing after it (a trailing slash is allowed). */
function isOriginOnly(value: string): boolean {
  try {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A connection address pg understands: postgres:// or postgresql://, a database server's. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An address checked by its own parser (whose message names what is wrong, never a password). */
const parsedBy = (parse: (value: string) => unknown, hint: string) =>
  optionalText.pipe(
    z
      .string()
      .superRefine((value, ctx) => {
        try {
          parse(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : hint });
        }
      })
      .optional(),
  );

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const domainName = (example: string) => optionalText.pipe(z.string().regex(DOMAIN_NAME, `must be a domain name such as ${example}`).optional());

/** Every environment variable the portal reads; the README's table mirrors this schema. */
export const configSchema = z.object({
  HOST: z.string().trim().min(1, 'must be a host name or address to listen on, such as localhost or 0.0.0.0').default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(4321),
  PORTAL_DATA_DIR: z.string().trim().min(1).default('./data'),
  PORTAL_LOGIN_URL: z
    .string()
    .trim()
    .regex(/^(\/|https?:\/\/)/, 'must be a path starting with / or an http(s) address')
    .default('/login'),
  PORTAL_SUPPORT_URL: z.url({ error: 'must be an http(s) address' }).default('https://support.example.org'),
  PORTAL_PROVIDER_URL: z.url({ error: 'must be an http(s) address' }).default('https://www.example.org'),
  PORTAL_PROVIDER_NAME: z.string().trim().min(1).default('Staff Portal'),
  PORTAL_TIMEZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/London')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  PORTAL_SESSION_DAYS: z.coerce
    .number({ error: 'must be a number of days between 1 and 90' })
    .int('must be a number of days between 1 and 90')
    .min(1, 'must be a number of days between 1 and 90')
    .max(90, 'must be a number of days between 1 and 90')
    .default(7),
  PORTAL_MAX_UPLOAD_MB: z.coerce
    .number({ error: 'must be a number of megabytes between 1 and 1024' })
    .min(1, 'must be a number of megabytes between 1 and 1024')
    .max(1024, 'must be a number of megabytes between 1 and 1024')
    .default(20),
  /** Threads of the work pool (src/platform/work/): unset, every core but one. */
  PORTAL_WORK_THREADS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number of threads between 1 and 64' })
      .int('must be a whole number of threads between 1 and 64')
      .min(1, 'must be a whole number of threads between 1 and 64')
      .max(64, 'must be a whole number of threads between 1 and 64')
      .optional(),
  ),
  PORTAL_PAGE_REVIEW_HOURS: z.coerce
    .number({ error: 'must be a number of hours between 0 and 720' })
    .min(0, 'must be a number of hours between 0 and 720')
    .max(720, 'must be a number of hours between 0 and 720')
    .default(24),
  /**
   * How many newsletter emails a school may send in any 24 hours, unless the operator set its own
   * (`npm run portal -- quota set`): a send that would go beyond it is refused whole.
   */
  PORTAL_DAILY_SEND_QUOTA: z.coerce
    .number({ error: 'must be a whole number of emails between 0 and 10000000' })
    .int('must be a whole number of emails between 0 and 10000000')
    .min(0, 'must be a whole number of emails between 0 and 10000000')
    .max(10_000_000, 'must be a whole number of emails between 0 and 10000000')
    .default(20_000),
  /**
   * A separate origin for the schools' public sites and uploads (e.g. https://sites.example.org).
   * When set, /sites/ and /uploads/ are served only there, so school content never shares an
   * origin with staff sessions.
   */
  PORTAL_SITES_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://sites.example.org' })
      .refine(isOriginOnly, 'must be an origin only, without a path')
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  /**
   * PostgreSQL instead of the SQLite file: `postgres://user:password@host:5432/database`. Several
   * instances may share one database (sessions and sign-in limits live in it).
   */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine(isPostgresUrl, 'must be a postgres:// or postgresql:// address such as postgres://user:password@localhost:5432/portal')
      .optional(),
  ),
  /**
   * Where mail goes: `smtp://user:password@host:587?pool=5&rate=10` or `smtps://...:465`. Without
   * it, mail is kept in the database's outbox (src/platform/mail/outbox.ts) and nothing is sent.
   */
  MAIL_URL: parsedBy(parseMailUrl, MAIL_URL_HINT),
  /** The From and bounce address of every message; the forms' "from" is only its display name. */
  PORTAL_MAIL_FROM: optionalText.pipe(z.email({ error: 'must be an email address such as office@example.org' }).optional()),
  /**
   * DKIM: every message signed (rsa-sha256, relaxed/relaxed) for MAIL_DKIM_DOMAIN with the key in
   * MAIL_DKIM_PRIVATE_KEY_FILE (PEM), published in DNS at `<MAIL_DKIM_SELECTOR>._domainkey.<domain>`.
   * All three or none: unset, the relay may sign instead (README, Deliverability).
   */
  MAIL_DKIM_DOMAIN: domainName('example.org'),
  MAIL_DKIM_SELECTOR: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-_]{0,61}[a-z0-9])?(\.[a-z0-9](?:[a-z0-9-_]{0,61}[a-z0-9])?)*$/i, 'must be a DNS label such as portal2026')
      .optional(),
  ),
  MAIL_DKIM_PRIVATE_KEY_FILE: optionalText,
  /**
   * Bounces (issue 28): each newsletter copy's envelope sender is `bounce+<tag>@MAIL_BOUNCE_DOMAIN`
   * (VERP), a domain whose mail reaches the mailbox MAIL_BOUNCES_URL names (`imaps://user:password@host/Folder`
   * or `pop3s://…`; `?ca_file=` trusts a private CA), read every few minutes. Unset: bounces go to
   * PORTAL_MAIL_FROM as before, and only the providers' webhooks report them.
   */
  MAIL_BOUNCE_DOMAIN: domainName('bounces.example.org'),
  MAIL_BOUNCES_URL: parsedBy(parseBouncesUrl, BOUNCES_URL_HINT),
  /**
   * The providers' bounce webhooks (POST /api/newsletter/bounces/{ses|sendgrid|postmark|mailgun}):
   * Amazon SES (through SNS) and Postmark prove themselves with MAIL_WEBHOOK_SECRET (as the
   * password of the URL's basic auth, or `?secret=`); SendGrid signs with the key whose public half
   * is MAIL_SENDGRID_WEBHOOK_KEY; Mailgun with MAIL_MAILGUN_SIGNING_KEY. A webhook without its secret answers 403.
   */
  MAIL_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  MAIL_SENDGRID_WEBHOOK_KEY: optionalText,
  MAIL_MAILGUN_SIGNING_KEY: optionalText,
  /**
   * The Chromium (or Chrome) the newsletter builder's PDF export runs, headless. Unset: the
   * system's /usr/bin/chromium when there is one; without any, the export is refused politely.
   */
  PORTAL_CHROMIUM_PATH: optionalText,
  /**
   * Learning in the Cloud: the older dashboard that handles student list uploads (/hapara/upload
   * links to it); without it the page says the provider will give the address.
   */
  PORTAL_LEGACY_DASHBOARD_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  /**
   * The portal's public address (e.g. https://portal.example.org): the address of the links it emails
   * (invitations, password resets). Unset: the address a request reached it at, which a client
   * chooses with its Host header: set it wherever the portal is reachable by more than one name.
   */
  PORTAL_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  /**
   * App notifications: push services a visitor's subscription may name besides the browsers' own
   * (Google, Mozilla, Apple, Microsoft), as origins separated by commas, e.g. a local test push
   * service `http://localhost:8090`. The server posts to a subscription's address, so no other is taken.
   */
  PORTAL_PUSH_SERVICES: optionalText.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''))
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/, error: 'must be http(s) origins separated by commas, such as http://localhost:8090' })
            .refine(isOriginOnly, 'must be origins only, without a path')
            .transform((value) => new URL(value).origin),
        ),
      )
      .optional(),
  ),
  /**
   * Support: an external helpdesk for the three support frames (new ticket, a ticket by number,
   * the knowledgebase), at `<url>/new`, `<url>/tickets/<number>` and `<url>/knowledgebase`.
   * Without it the portal's own helpdesk (/helpdesk/...) answers them.
   */
  PORTAL_HELPDESK_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://help.example.org' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * Where the data lives: `embedded` (this server's own database, files and mail) or `upstream`: the
   * provider's existing backend at PORTAL_UPSTREAM_URL, whose calls the portal proxies and normalises
   * (src/server/upstream/). Upstream mode keeps no database, files or mail of its own.
   */
  PORTAL_BACKEND: z.enum(['embedded', 'upstream'], { error: 'must be embedded or upstream' }).default('embedded'),
  /** Upstream mode: the legacy backend's base address; the calls' paths (/api/...) are relative to it. */
  PORTAL_UPSTREAM_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://backend.example.org' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Upstream mode: how long a call may take before it fails (the student list gets three times as long). */
  PORTAL_UPSTREAM_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds between 1 and 120' })
    .min(1, 'must be a number of seconds between 1 and 120')
    .max(120, 'must be a number of seconds between 1 and 120')
    .default(10),
  PORTAL_ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  PORTAL_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  /** `off`: an empty database gets no demo school (`npm start -- --no-demo` sets it); schools then come from `create-school`. */
  PORTAL_DEMO: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
});

export type Config = z.infer<typeof configSchema> & { databaseFile: string };

/** A configuration the server cannot start with: one line naming the variable (also its `field`). */
export function configError(message: string, variable?: string): Refusal {
  return new Refusal(400, 'invalid_config', message, variable);
}

/** Whether `err` is a configError (start-up prints its line and exits with 1). */
export function isConfigError(err: unknown): err is Refusal {
  return isRefusal(err, 'invalid_config');
}

// DATABASE_URL, MAIL_URL and MAIL_BOUNCES_URL carry passwords; the webhooks' keys are secrets.
const SECRET_VARIABLES = new Set(['PORTAL_ADMIN_PASSWORD', 'DATABASE_URL', 'MAIL_URL', 'MAIL_BOUNCES_URL', 'MAIL_WEBHOOK_SECRET', 'MAIL_MAILGUN_SIGNING_KEY']);

/** Parses the environment; throws a configError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema
    .superRefine((value, ctx) => {
      if (value.PORTAL_BACKEND === 'upstream' && !value.PORTAL_UPSTREAM_URL) {
        ctx.addIssue({ code: 'custom', path: ['PORTAL_UPSTREAM_URL'], message: 'must be set when PORTAL_BACKEND is upstream' });
      }
      const dkim = ['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_PRIVATE_KEY_FILE'] as const;
      const missing = dkim.find((name) => !value[name]);
      if (missing && dkim.some((name) => value[name])) {
        ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other MAIL_DKIM_ variables (DKIM needs the domain, the selector and the key file)' });
      }
    })
    .safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // Secrets are never echoed: the message ends up in logs.
    const got = SECRET_VARIABLES.has(name) ? undefined : env[name];
    throw configError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got === undefined ? '' : ` (got "${got}")`}.`, name);
  }
  const dataDir = path.resolve(result.data.PORTAL_DATA_DIR);
  return { ...result.data, PORTAL_DATA_DIR: dataDir, databaseFile: path.join(dataDir, 'portal.db') };
}
