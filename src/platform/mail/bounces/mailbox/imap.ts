import { ImapFlow } from 'imapflow';
import { mailboxFailure, type MessageHandler, type ReadSettings, type Verdict } from './connection';
import type { BouncesMailbox } from './url';

/**
 * The IMAP reader (imapflow): the folder's unseen messages, oldest first. A message whose
 * reports were recorded is deleted (\Deleted and expunged); any other gets \Seen and stays for a
 * person to read, and is not read again. The sources are fetched with BODY.PEEK, so a message
 * the handler stopped at stays unseen and is read again next run.
 */

/** Messages fetched at once: imapflow allows no other command while a fetch streams, and a batch bounds the memory. */
const BATCH = 20;

export async function readImapMailbox(mailbox: BouncesMailbox, handle: MessageHandler, settings: ReadSettings): Promise<number> {
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.pass },
    tls: settings.tls,
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
  });
  // imapflow also emits a failure as an 'error' event, which would end the process unheard; the pending command rejects with it anyway.
  client.on('error', () => undefined);
  let read = 0;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(mailbox.folder);
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      let stopped = false;
      for (let i = 0; i < Math.min(unseen.length, settings.limit) && !stopped; i += BATCH) {
        const uids = unseen.slice(i, Math.min(i + BATCH, settings.limit));
        const verdicts = new Map<Verdict, number[]>([['delete', []], ['keep', []]]);
        for (const message of await client.fetchAll(uids, { uid: true, source: true }, { uid: true })) {
          if (!message.source) continue;
          read += 1;
          const verdict = await handle(message.source);
          if (verdict === 'stop') {
            stopped = true;
            break;
          }
          verdicts.get(verdict)?.push(message.uid);
        }
        // What was recorded before a stop is deleted all the same: it is in the database already.
        const done = verdicts.get('delete') ?? [];
        const kept = verdicts.get('keep') ?? [];
        if (done.length > 0) await client.messageDelete(done, { uid: true });
        if (kept.length > 0) await client.messageFlagsAdd(kept, ['\\Seen'], { uid: true });
      }
    } finally {
      lock.release();
    }
    await client.logout();
    return read;
  } catch (err) {
    client.close();
    throw mailboxFailure(mailbox, err);
  }
}
