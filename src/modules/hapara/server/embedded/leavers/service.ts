import { inTransaction, type RequestContext, type SchoolContext } from '../../../../../platform/context';
import { lockInTransaction } from '../../../../../platform/db';
import { recordAudit } from '../../../../../platform/audit';
import type { LeaversSummary } from '../../../contract';
import { readSettings } from '../settings';
import { insertRequest } from '../requests/repository';
import { requesterOf } from '../requests/requester';
import type { LeaversFile } from './csv';
import { runTask } from '../../../../../platform/work/pool';
import { readLeaversCsvTask } from './tasks';
import { matchLeavers, type LeaversMatch } from './match';
import * as repo from './repository';

/**
 * The leavers upload: a file of students who have left, matched against the roster. A dry run
 * answers what would happen and writes nothing (but the audit entry: it shows student data);
 * confirming files one deletion request per matched student, all in one transaction, so a file is
 * requested whole or not at all.
 */

async function matchFile(ctx: SchoolContext, file: LeaversFile, pending?: ReadonlySet<number>): Promise<LeaversMatch> {
  const [roster, classes, waiting] = await Promise.all([
    repo.rosterStudents(ctx.db, ctx.domain.id),
    repo.classesOf(ctx.db, ctx.domain.id),
    pending ? Promise.resolve(pending) : repo.studentsWithPendingRequests(ctx.db, ctx.domain.id),
  ]);
  return matchLeavers({ lines: file.lines, roster, classes, pending: waiting });
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

export async function uploadLeavers(ctx: RequestContext, bytes: Uint8Array, dryRun: boolean): Promise<LeaversSummary> {
  const settings = await readSettings(ctx.db, ctx.domain);
  // Refused here (bad file) before anything is read or written.
  const file = await runTask(readLeaversCsvTask, { bytes, fields: settings.fields });
  const user = dryRun ? null : await requesterOf(ctx);
  return inTransaction(ctx, async (trx) => {
    let match = await matchFile(trx, file);
    if (user) {
      // The same locks as a deletion from the student list (students/service.ts), in id order so
      // two uploads never wait on each other in a circle; then what is pending is read again, as
      // another change may have been filed for one of them meanwhile.
      const ids = match.matched.map((m) => m.index).sort((a, b) => a - b);
      for (const id of ids) await lockInTransaction(trx.db, `hapara-student:${trx.domain.id}:${id}`);
      if (ids.length > 0) match = await matchFile(trx, file, await repo.studentsWithPendingRequests(trx.db, trx.domain.id));
      for (const student of match.matched) {
        await insertRequest(trx.db, {
          domainId: trx.domain.id,
          kind: 'delete',
          studentId: student.index,
          payload: { firstname: student.firstname, lastname: student.lastname, class: student.class, email: student.email },
          source: 'leavers',
          user,
          now: trx.now,
        });
      }
    }
    const requested = user ? match.matched.length : 0;
    await recordAudit(trx.db, {
      domainId: trx.domain.id,
      userId: ctx.user.id,
      actor: ctx.user.email,
      action: dryRun ? 'leavers.check' : 'leavers.request',
      detail: dryRun
        ? `Checked a leavers file (${plural(match.rows, 'row', 'rows')}: ${plural(match.matched.length, 'student', 'students')} matched).`
        : `Asked for the deletion of ${plural(requested, 'student', 'students')} from a leavers file (${plural(match.rows, 'row', 'rows')}).`,
      now: trx.now,
    });
    return { ...match, requested, dryRun };
  });
}

/** The leavers screen's first HTML: the extra fields a file may use as ID columns (the help names them). */
export async function loadLeaversScreen(ctx: SchoolContext): Promise<{ fields: string[] }> {
  const settings = await readSettings(ctx.db, ctx.domain);
  return { fields: settings.fields };
}
