import type { Runtime } from '../../../../../platform/runtime';
import { readBounceMailbox } from '../../../../../platform/mail/bounces/mailbox';
import { recordBounce } from './record';

/**
 * The bounce mailbox's reader (`newsletter-read-bounces`, every few minutes): when MAIL_BOUNCES_URL
 * is set, reads what came back to the VERP addresses, records each report, and deletes the
 * messages it understood. A failed run (the server down, a wrong password) is the job's failure:
 * the queue logs it and the next slot tries again.
 */
export const READ_BOUNCES_JOB = 'newsletter-read-bounces';
export const READ_BOUNCES_EVERY_SECONDS = 5 * 60;

export async function readBounces(rt: Runtime): Promise<{ read: number; reports: number }> {
  const url = rt.config.MAIL_BOUNCES_URL;
  if (!url) return { read: 0, reports: 0 };
  return readBounceMailbox(url, async (report) => void (await recordBounce(rt.db, report)), { now: rt.clock });
}
