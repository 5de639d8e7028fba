import type { SchoolContext } from '../../../../../platform/context';
import { STATUS_UP_TO_DATE, statusAwaiting, type StatusRow } from '../../../contract';
import '../schema';

/**
 * Status (spec section 3, Status row): per domain, whether changes wait for the provider and when
 * the roster last moved (a request made, approved or rejected). A school is one domain.
 */
export async function loadStatusScreen(ctx: SchoolContext): Promise<StatusRow[]> {
  const row = await ctx.db
    .selectFrom('hapara_requests')
    .select((eb) => [
      eb.fn.count<number | string>('id').filterWhere('status', '=', 'pending').as('pending'),
      eb.fn.max('created_at').as('created'),
      eb.fn.max('decided_at').as('decided'),
    ])
    .where('domain_id', '=', ctx.domain.id)
    .executeTakeFirstOrThrow();
  const pending = Number(row.pending);
  const moments = [row.created, row.decided].filter((value) => value !== null && value !== undefined).map(Number);
  return [
    {
      domain: ctx.domain.label,
      status: pending === 0 ? STATUS_UP_TO_DATE : statusAwaiting(pending),
      updated: moments.length === 0 ? null : Math.max(...moments),
    },
  ];
}
