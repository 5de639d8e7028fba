import fs from 'node:fs';
import net from 'node:net';
import tls, { type ConnectionOptions } from 'node:tls';
import type { BouncesMailbox } from './url';

/**
 * What the IMAP and the POP3 reader share: what a message's handler answers, the TLS settings of
 * MAIL_BOUNCES_URL, and how a failure reads in the log.
 */

/**
 * What became of one message: `delete` (its reports were recorded), `keep` (nothing in it for
 * us: a person may want to read it) or `stop` (recording failed: leave it as it was, read no
 * further, and close the connection as usual so the deletions so far hold).
 */
export type Verdict = 'delete' | 'keep' | 'stop';
export type MessageHandler = (raw: Buffer) => Promise<Verdict>;

export interface ReadSettings {
  tls: ConnectionOptions;
  /** The most messages read in one run. */
  limit: number;
  /** How long connecting (TCP, TLS and the greeting) may take, and a POP3 answer. */
  timeoutMs: number;
}

/** The node:tls options of the mailbox (reads ca_file: throws when it cannot). */
export function tlsOptionsOf(mailbox: BouncesMailbox): ConnectionOptions {
  // SNI carries host names only (RFC 6066): an IP address is left out.
  const options: ConnectionOptions = { minVersion: 'TLSv1.2', ...(net.isIP(mailbox.host) ? {} : { servername: mailbox.host }) };
  if (mailbox.skipVerify) options.rejectUnauthorized = false;
  if (mailbox.caFile) {
    let pem: string;
    try {
      pem = fs.readFileSync(mailbox.caFile, 'utf8');
    } catch (err) {
      throw new Error(`MAIL_BOUNCES_URL's ca_file ${mailbox.caFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { cause: err });
    }
    // Node's `ca` replaces its CAs: the public ones stay trusted beside the private one.
    options.ca = [...tls.rootCertificates, pem];
  }
  return options;
}

/** The mailbox as the log names it: protocol, user, host and port, never the password. */
export function whereOf(mailbox: BouncesMailbox): string {
  return `${mailbox.protocol}${mailbox.secure ? 's' : ''}://${mailbox.user}@${mailbox.host}:${mailbox.port}`;
}

const CERTIFICATE = /certificate|self[- ]signed|unable to (get|verify)/i;

/**
 * A failure of the run as an Error that says which mailbox and what went wrong. A refused login
 * is marked `authenticationFailed` (imapflow's own mark, which the POP3 client sets too).
 */
export function mailboxFailure(mailbox: BouncesMailbox, err: unknown): Error {
  const e: Error & { authenticationFailed?: boolean; responseText?: string; code?: string } = err instanceof Error ? err : new Error(String(err));
  const where = whereOf(mailbox);
  if (e.authenticationFailed) {
    const said = e.responseText || e.message;
    return new Error(`The bounce mailbox ${where} refused the login (wrong user or password in MAIL_BOUNCES_URL?): ${said}`, { cause: err });
  }
  // imapflow's message for a refused command is "Command failed": what the server said is the reason.
  const said = e.responseText || e.message;
  const reason = e.code && !said.includes(e.code) ? `${said} (${e.code})` : said;
  const hint = CERTIFICATE.test(reason) ? ' (a server with a private CA: add ?ca_file=/path/to/ca.pem to MAIL_BOUNCES_URL)' : '';
  return new Error(`The bounce mailbox ${where} could not be read: ${reason}${hint}`, { cause: err });
}
