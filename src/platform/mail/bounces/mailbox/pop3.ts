import { mailboxFailure, type MessageHandler, type ReadSettings } from './connection';
import { Pop3Client } from './pop3-client';
import type { BouncesMailbox } from './url';

/**
 * The POP3 reader: every message, oldest first (POP3 has no seen flag, so one left in the mailbox
 * is read again each run). A message whose reports were recorded is deleted; the server deletes
 * only when QUIT ends the session cleanly, so a run that breaks off midway deletes nothing and the
 * next one reads the same reports again (their event ids make that harmless).
 */
export async function readPop3Mailbox(mailbox: BouncesMailbox, handle: MessageHandler, settings: ReadSettings): Promise<number> {
  let client: Pop3Client | null = null;
  let read = 0;
  try {
    client = await Pop3Client.open({ ...mailbox, tls: settings.tls, timeoutMs: settings.timeoutMs });
    const count = Math.min(await client.count(), settings.limit);
    for (let n = 1; n <= count; n += 1) {
      const raw = await client.retrieve(n);
      read += 1;
      const verdict = await handle(raw);
      if (verdict === 'stop') break;
      if (verdict === 'delete') await client.delete(n);
    }
    await client.quit();
    return read;
  } catch (err) {
    client?.destroy();
    throw mailboxFailure(mailbox, err);
  }
}
