import { inTransaction, type SchoolContext } from '../../context';
import { emailKey, MAX_LISTED_PROBLEMS, type ImportSummary } from '../../../contracts/newsletter';
import { readMembersCsv, type CsvProblem } from './csv';
import * as repo from './repository';

/**
 * CSV import of the mailing list: a dry run says what an import would do (new, already there,
 * unsubscribed, and each unusable row with its reason) and writes nothing; the import itself adds
 * the new members in one transaction, so a file is imported whole or not at all.
 */
export async function importMembers(ctx: SchoolContext, bytes: Uint8Array, dryRun: boolean): Promise<ImportSummary> {
  const { members, problems } = readMembersCsv(bytes);
  return inTransaction(ctx, async (trx) => {
    const [listed, suppressed] = await Promise.all([repo.memberKeys(trx.db, trx.domain.id), repo.suppressedKeys(trx.db, trx.domain.id)]);
    const firstRow = new Map<string, number>();
    const fresh: Array<{ email: string; key: string; name: string }> = [];
    const repeated: CsvProblem[] = [];
    let existing = 0;
    let unsubscribed = 0;
    for (const member of members) {
      const key = emailKey(member.email);
      const earlier = firstRow.get(key);
      if (earlier !== undefined) {
        repeated.push({ row: member.row, reason: `The same address as row ${earlier}.` });
        continue;
      }
      firstRow.set(key, member.row);
      if (suppressed.has(key)) unsubscribed += 1;
      else if (listed.has(key)) existing += 1;
      else fresh.push({ email: member.email, key, name: member.name });
    }
    if (!dryRun) await repo.insertMembers(trx.db, trx.domain.id, fresh, trx.now);
    const all = [...problems, ...repeated].sort((a, b) => a.row - b.row);
    return {
      rows: members.length + problems.length,
      added: fresh.length,
      existing,
      suppressed: unsubscribed,
      invalid: all.length,
      problems: all.slice(0, MAX_LISTED_PROBLEMS),
      dryRun,
    };
  });
}
