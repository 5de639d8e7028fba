import type { Db } from '../../../../../platform/db';
import { verpTarget } from '../../../../../platform/mail';
import type { BounceReport } from '../../../../../platform/mail/bounces/report';
import { emailKey } from '../../../rules';
import { suppress } from '../members/repository';
import * as repo from './repository';

/**
 * What a bounce or complaint does to a school's list (issue 28): a hard bounce suppresses the
 * address at once; soft bounces (a full mailbox, a server down) suppress it at the third within
 * SOFT_BOUNCE_DAYS; a complaint unsubscribes it. Suppressed addresses stay listed, marked, and are
 * never mailed again (unless their owner signs up again and confirms).
 */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_DAYS = 30;
const DAY = 24 * 60 * 60;

export type BounceOutcome = 'recorded' | 'suppressed' | 'duplicate' | 'unmatched';

/**
 * The copy a report is about: by its signed VERP tag, else its Message-ID, else (webhooks only,
 * which prove where they come from) the last copy sent to the address. A mailbox report naming only
 * an address is ignored: anyone can mail the bounce mailbox, and must not unsubscribe a stranger.
 */
async function targetOf(db: Db, report: BounceReport): Promise<repo.DeliveryTarget | undefined> {
  if (report.tag) {
    const id = await verpTarget(db, report.tag);
    const target = id === null ? undefined : await repo.deliveryById(db, id);
    if (target) return target;
  }
  if (report.messageId) {
    const target = await repo.deliveryByMessageId(db, report.messageId);
    if (target) return target;
  }
  if (report.source !== 'mailbox' && report.recipient) return repo.lastDeliveryTo(db, emailKey(report.recipient), report.at - SOFT_BOUNCE_DAYS * DAY);
  return undefined;
}

/** Records one report and applies its rule, in one transaction. Safe to call twice with the same report. */
export async function recordBounce(db: Db, report: BounceReport): Promise<BounceOutcome> {
  const target = await targetOf(db, report);
  if (!target) return 'unmatched';
  return db.transaction().execute(async (trx) => {
    const kept = await repo.insertBounce(trx, { target, kind: report.kind, source: report.source, detail: report.detail, eventId: report.eventId, at: report.at });
    if (!kept) return 'duplicate';
    const suppressAs = await suppressionOf(trx, target, report);
    if (!suppressAs) return 'recorded';
    await suppress(trx, target.domainId, target.emailKey, suppressAs, report.at);
    return 'suppressed';
  });
}

async function suppressionOf(db: Db, target: repo.DeliveryTarget, report: BounceReport): Promise<'bounced' | 'complained' | null> {
  if (report.kind === 'complaint') return 'complained';
  if (report.kind === 'hard') return 'bounced';
  const soft = await repo.countSoftBounces(db, target.domainId, target.emailKey, report.at - SOFT_BOUNCE_DAYS * DAY);
  return soft >= SOFT_BOUNCE_LIMIT ? 'bounced' : null;
}
