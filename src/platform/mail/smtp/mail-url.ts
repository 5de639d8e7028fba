/**
 * MAIL_URL: where mail goes. `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:pass@host:465` (TLS from the start), with `?pool=N` (connections, default 5) and
 * `?rate=M` (most messages a second across the pool, default no limit). The user and password may
 * be percent-encoded.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  pool: number;
  /** Messages per second, or undefined for no limit. */
  rate?: number;
}

export const MAIL_URL_HINT = 'must be an smtp:// or smtps:// address such as smtp://user:password@mail.example.org:587?pool=5&rate=10';

const MAX_POOL = 50;
const MAX_RATE = 10_000;

function wholeNumber(value: string | null, name: string, min: number, max: number): number | undefined {
  if (value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number between ${min} and ${max}`);
  return n;
}

/** The settings of a MAIL_URL; throws an Error whose message says what is wrong (never the password). */
export function parseMailUrl(value: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(MAIL_URL_HINT);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(MAIL_URL_HINT);
  if (!url.hostname) throw new Error(MAIL_URL_HINT);
  for (const key of url.searchParams.keys()) {
    if (key !== 'pool' && key !== 'rate') throw new Error(`has an unknown option "${key}" (only pool and rate)`);
  }
  const secure = url.protocol === 'smtps:';
  const settings: SmtpSettings = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    pool: wholeNumber(url.searchParams.get('pool'), 'pool', 1, MAX_POOL) ?? 5,
  };
  const rate = wholeNumber(url.searchParams.get('rate'), 'rate', 1, MAX_RATE);
  if (rate !== undefined) settings.rate = rate;
  if (url.username) settings.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  return settings;
}
