import type { Config } from '../../../../../platform/config';
import { Refusal } from '../../../../../platform/errors';
import type { SchoolContext } from '../../../../../platform/context';
import { formatDayMonthYearTime } from '../../../../../lib/dates';
import { emailCount, type SendQuota } from '../../../sends';
import * as repo from './repository';

/**
 * A school's daily send quota (issue 26): the newsletter emails it may send in any 24 hours,
 * counted from its sends' deliveries (cancelled ones given back), so no school can mail a bought
 * list of 100,000 addresses at once from a shared server. The operator sets a school's own
 * (`npm run portal -- quota set`); else PORTAL_DAILY_SEND_QUOTA. A send that would go beyond it is
 * refused whole, saying when it would fit.
 */
export type QuotaSettings = Pick<Config, 'PORTAL_DAILY_SEND_QUOTA' | 'PORTAL_TIMEZONE'>;

export const QUOTA_WINDOW_SECONDS = 24 * 60 * 60;
/** The largest quota the operator may set, as PORTAL_DAILY_SEND_QUOTA's (config.ts). */
export const MAX_DAILY_QUOTA = 10_000_000;

async function dailyLimitOf(ctx: SchoolContext, settings: QuotaSettings): Promise<{ limit: number; own: boolean }> {
  const own = await repo.findSendQuota(ctx.db, ctx.domain.id);
  return own === undefined ? { limit: settings.PORTAL_DAILY_SEND_QUOTA, own: false } : { limit: own, own: true };
}

/** The operator's `quota set`: the school's own quota, or (null) the configuration's default again. */
export async function setDailyLimit(ctx: SchoolContext, limit: number | null): Promise<void> {
  if (limit === null) await repo.clearSendQuota(ctx.db, ctx.domain.id);
  else await repo.setSendQuota(ctx.db, ctx.domain.id, limit, ctx.now);
}

async function usage(ctx: SchoolContext, settings: QuotaSettings) {
  const [{ limit, own }, sends] = await Promise.all([dailyLimitOf(ctx, settings), repo.recentSendSizes(ctx.db, ctx.domain.id, ctx.now - QUOTA_WINDOW_SECONDS)]);
  const used = sends.reduce((sum, send) => sum + send.recipients, 0);
  return { limit, own, used, left: Math.max(0, limit - used), sends };
}

/** The quota now: as the send screens show it, and for the operator, whether it is the school's own and how much was used. */
export async function sendQuota(ctx: SchoolContext, settings: QuotaSettings): Promise<SendQuota & { used: number; own: boolean }> {
  const { limit, own, used, left } = await usage(ctx, settings);
  return { limit, own, used, left };
}

/**
 * Refuses (429) a send to `recipients` that the quota has no room for: with when it would fit
 * (earlier sends a day old), or, beyond the whole quota, that it never will. In the send's
 * transaction it runs after the school's quota lock (see startSend), so two sends at once cannot
 * both take the last room.
 */
export async function refuseOverQuota(ctx: SchoolContext, settings: QuotaSettings, recipients: number): Promise<void> {
  const { limit, used, left, sends } = await usage(ctx, settings);
  if (recipients <= left) return;
  const members = `This newsletter would go to ${emailCount(recipients)} ${recipients === 1 ? 'member' : 'members'}`;
  if (recipients > limit) {
    throw new Refusal(429, 'send_quota', `${members}, more than your school may send in a day (${emailCount(limit)} emails). Ask your provider to raise the quota.`);
  }
  // Room grows as the oldest sends turn a day old (from below zero, when the quota was lowered).
  let room = limit - used;
  const frees = sends.find((send) => (room += send.recipients) >= recipients)!;
  const when = formatDayMonthYearTime(new Date((frees.createdAt + QUOTA_WINDOW_SECONDS) * 1000), settings.PORTAL_TIMEZONE);
  throw new Refusal(
    429,
    'send_quota',
    `${members}, but your school has ${emailCount(left)} of its ${emailCount(limit)} newsletter emails a day left. It can be sent from ${when}, once earlier sends are a day old.`,
  );
}
