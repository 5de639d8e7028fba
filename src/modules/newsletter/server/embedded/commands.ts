import type { Runtime } from '../../../../platform/runtime';
import { usageError, type Command } from '../../../../platform/cli/command';
import { Refusal } from '../../../../platform/errors';
import { findSchoolByLabel } from '../../../account/server';
import { schoolContext, type SchoolContext } from '../../../../platform/context';
import { MAX_DAILY_QUOTA, sendQuota, setDailyLimit } from './sends/quota';
import { emailCount } from '../../sends';

/** The operator's newsletter commands: a school's daily send quota. */

async function school(runtime: Runtime, label: string | undefined): Promise<SchoolContext> {
  const found = await findSchoolByLabel(runtime.db, label ?? '');
  if (!found) throw new Refusal(400, 'invalid', `No school has the label ${label ?? ''}.`);
  return schoolContext(runtime.db, found, runtime.clock());
}

function dailyLimit(text: string | undefined): number | null {
  if (text === 'default') return null;
  if (!text || !/^\d{1,9}$/.test(text) || Number(text) > MAX_DAILY_QUOTA) {
    throw usageError(`A quota is a whole number of emails from 0 to ${emailCount(MAX_DAILY_QUOTA)}, or default, not "${text ?? ''}".`);
  }
  return Number(text);
}

export const newsletterCommands: Record<string, Command> = {
  quota: {
    summary: "A school's daily newsletter send quota: show it, or set it (default: PORTAL_DAILY_SEND_QUOTA).",
    usage: 'quota show LABEL | quota set LABEL EMAILS|default',
    positionals: [2, 3],
    options: {},
    async run(runtime, _values, [action, label, amount], print) {
      if (action === 'show') {
        if (amount !== undefined) throw usageError('quota show takes the school only.');
        const ctx = await school(runtime, label);
        const quota = await sendQuota(ctx, runtime.config);
        const whose = quota.own ? 'its own quota' : 'the default, PORTAL_DAILY_SEND_QUOTA';
        print(`${ctx.domain.label} may send ${emailCount(quota.limit)} newsletter emails a day (${whose}): ${emailCount(quota.used)} in the last 24 hours, ${emailCount(quota.left)} left.`);
        return;
      }
      if (action !== 'set') throw usageError(`Unknown action "${action ?? ''}": use show or set.`);
      const limit = dailyLimit(amount);
      const ctx = await school(runtime, label);
      await setDailyLimit(ctx, limit);
      const quota = await sendQuota(ctx, runtime.config);
      print(
        limit === null
          ? `${ctx.domain.label} now has the default quota (PORTAL_DAILY_SEND_QUOTA): ${emailCount(quota.limit)} newsletter emails a day.`
          : `${ctx.domain.label} may now send ${emailCount(quota.limit)} newsletter emails a day.`,
      );
    },
  },
};
