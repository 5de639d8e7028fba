import { systemClock } from '../../../clock';
import { parseBounceMessage } from '../dsn';
import type { BounceReport } from '../report';
import { tlsOptionsOf, type MessageHandler } from './connection';
import { readImapMailbox } from './imap';
import { readPop3Mailbox } from './pop3';
import { parseBouncesUrl, type BouncesMailbox } from './url';

export { parseBouncesUrl, BOUNCES_URL_HINT, type BouncesMailbox } from './url';

/**
 * One run of the bounce mailbox reader (issue 28): every new message of the MAIL_BOUNCES_URL
 * mailbox is parsed (../dsn.ts) and each bounce or complaint in it handed to `onReport`, which
 * records it. A message is deleted from the server once every report in it was recorded; one
 * with no report (an out-of-office, a parent's reply) stays there for a person to read (IMAP
 * marks it seen, so it is read once). When `onReport` throws, the run stops at that message, which
 * stays on the server for the next run, closes the connection as usual (what was recorded so far
 * is deleted) and rethrows the error.
 *
 * A failure of the server (unreachable, a refused login, a bad certificate, no answer within
 * `timeoutMs`) rejects with an Error that names the mailbox (never its password).
 */
export interface BounceMailboxOptions {
  /** The reports' time, Unix seconds. */
  now?: () => number;
  /** The most messages read in one run (default 500): a flood is worked off over several runs. */
  limit?: number;
  /**
   * How long connecting (TCP, TLS, the greeting) may take, in ms (default 30 s). A POP3 server
   * gets as long for each answer; an IMAP session fails after imapflow's 5 minutes of silence
   * (not less: it is also silent while onReport works through a batch).
   */
  timeoutMs?: number;
}

export interface BounceMailboxRun {
  /** Messages read. */
  read: number;
  /** Reports onReport recorded. */
  reports: number;
}

export async function readBounceMailbox(
  url: string,
  onReport: (report: BounceReport) => Promise<void>,
  opts: BounceMailboxOptions = {},
): Promise<BounceMailboxRun> {
  let mailbox: BouncesMailbox;
  try {
    mailbox = parseBouncesUrl(url);
  } catch (err) {
    throw new Error(`MAIL_BOUNCES_URL ${(err as Error).message}`, { cause: err });
  }
  const limit = opts.limit ?? 500;
  if (!Number.isInteger(limit) || limit < 1) throw new Error('The bounce mailbox limit must be a whole number of at least 1');
  const now = opts.now ?? systemClock;
  // An object, not `let`s: the handler's assignments would be invisible to the narrowing below.
  const run = { reports: 0, failed: false, error: undefined as unknown };
  const handle: MessageHandler = async (raw) => {
    const reports = await parseBounceMessage(raw, now());
    try {
      for (const report of reports) {
        await onReport(report);
        run.reports += 1;
      }
    } catch (err) {
      run.failed = true;
      run.error = err;
      return 'stop';
    }
    return reports.length > 0 ? 'delete' : 'keep';
  };
  const settings = { tls: tlsOptionsOf(mailbox), limit, timeoutMs: opts.timeoutMs ?? 30_000 };
  const read = await (mailbox.protocol === 'imap' ? readImapMailbox : readPop3Mailbox)(mailbox, handle, settings);
  if (run.failed) throw run.error;
  return { read, reports: run.reports };
}
