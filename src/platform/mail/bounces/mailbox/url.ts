/**
 * MAIL_BOUNCES_URL: the mailbox the bounces of the newsletters arrive in, as listmonk names it.
 * `imaps://user:pass@host:993/Folder` (TLS from the start; the folder defaults to INBOX),
 * `imap://…:143` (STARTTLS when the server offers it), `pop3s://user:pass@host:995` or
 * `pop3://…:110` (STLS when offered). The user and password may be percent-encoded.
 *
 * Options: `?ca_file=/path/ca.pem` trusts that CA besides the system's (a school's own mail
 * server, the tests' Dovecot); `?skip_verify=true` accepts any certificate: UNSAFE, whoever sits
 * between the portal and the server then reads the mailbox password, so only for a server on the
 * same host or network.
 *
 * No imports and erasable TypeScript only, so that src/platform/config.ts (loaded by Node as it
 * is) can check the variable at startup.
 */
export interface BouncesMailbox {
  protocol: 'imap' | 'pop3';
  host: string;
  port: number;
  /** TLS from the first byte (imaps, pop3s); otherwise upgraded when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  /** The IMAP folder read (INBOX unless the path names one); POP3 has only the one. */
  folder: string;
  /** A PEM file of CAs to trust besides the system's, or null. */
  caFile: string | null;
  /** Accept any certificate (`skip_verify=true`). */
  skipVerify: boolean;
}

export const BOUNCES_URL_HINT =
  'must be an imaps://, imap://, pop3s:// or pop3:// address such as imaps://bounces:password@mail.example.org/INBOX';

const PROTOCOLS: Record<string, { protocol: BouncesMailbox['protocol']; secure: boolean; port: number }> = {
  'imaps:': { protocol: 'imap', secure: true, port: 993 },
  'imap:': { protocol: 'imap', secure: false, port: 143 },
  'pop3s:': { protocol: 'pop3', secure: true, port: 995 },
  'pop3:': { protocol: 'pop3', secure: false, port: 110 },
};

function decoded(value: string, what: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new Error(`has a ${what} with a broken percent-encoding (write a % as %25)`);
  }
}

/** The mailbox a MAIL_BOUNCES_URL names; throws an Error whose message says what is wrong (never the password). */
export function parseBouncesUrl(value: string): BouncesMailbox {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(BOUNCES_URL_HINT);
  }
  const kind = PROTOCOLS[url.protocol.toLowerCase()];
  if (!kind || !url.hostname) throw new Error(BOUNCES_URL_HINT);
  if (!url.username) throw new Error('has no user: write it as imaps://user:password@host');
  if (!url.password) throw new Error('has no password: write it as imaps://user:password@host');

  for (const key of url.searchParams.keys()) {
    if (key !== 'ca_file' && key !== 'skip_verify') throw new Error(`has an unknown option "${key}" (only ca_file and skip_verify)`);
  }
  const skip = url.searchParams.get('skip_verify');
  if (skip !== null && skip !== 'true' && skip !== 'false') throw new Error('skip_verify must be true or false');
  const caFile = url.searchParams.get('ca_file');
  if (caFile !== null && !caFile.startsWith('/')) throw new Error('ca_file must be an absolute path such as /etc/ssl/private-ca.pem');

  const path = decoded(url.pathname.replace(/^\/+|\/+$/g, ''), 'folder');
  if (kind.protocol === 'pop3' && path) throw new Error('names a folder, but POP3 has none: leave the path out of a pop3s:// address');

  return {
    protocol: kind.protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : kind.port,
    secure: kind.secure,
    user: decoded(url.username, 'user'),
    pass: decoded(url.password, 'password'),
    folder: path || 'INBOX',
    caFile,
    skipVerify: skip === 'true',
  };
}
