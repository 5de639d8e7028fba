import { inTransaction, type SchoolContext } from '../../../../../platform/context';
import type { ImportSummary } from '../../../contract';
import { runTask } from '../../../../../platform/work/pool';
import { planImportTask } from './tasks';
import * as repo from './repository';

/**
 * CSV import of the mailing list: a dry run says what an import would do (new, already there,
 * unsubscribed, and each unusable row with its reason) and writes nothing; the import itself adds
 * the new members in one transaction, so a file is imported whole or not at all. The file is read
 * and classified on the work pool (tasks.ts); the transaction only writes.
 */
export async function importMembers(ctx: SchoolContext, bytes: Uint8Array, dryRun: boolean): Promise<ImportSummary> {
  const [listed, suppressed] = await Promise.all([repo.memberKeys(ctx.db, ctx.domain.id), repo.suppressedKeys(ctx.db, ctx.domain.id)]);
  const plan = await runTask(planImportTask, { bytes, listed, suppressed, withRows: !dryRun });
  if (dryRun) return { ...plan.summary, dryRun };
  const added = await inTransaction(ctx, async (trx) => {
    let inserted = 0;
    for (const chunk of plan.chunks) inserted += await repo.insertImportChunk(trx.db, trx.domain.id, chunk, trx.now);
    return inserted;
  });
  // An address added or unsubscribed by someone else since the plan was made is not added: counted as already there.
  return { ...plan.summary, added, existing: plan.summary.existing + plan.summary.added - added, dryRun };
}
