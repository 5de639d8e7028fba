import type { Runtime } from '../../../../../platform/runtime';
import { Refusal } from '../../../../../platform/errors';
import { recordAudit } from '../../../../../platform/audit';
import { findSchoolByLabel } from '../../../../account/server';
import { listRoster } from '../students/repository';
import { googleWorkspaceCsv } from './google';

/** The operator's `roster-export`: a school's approved roster for Google Workspace, recorded in the school's audit log. */
export async function exportRosterForGoogle(runtime: Runtime, label: string, options: { passwords: boolean }): Promise<{ csv: string; count: number }> {
  const school = await findSchoolByLabel(runtime.db, label);
  if (!school) throw new Refusal(400, 'invalid', `No school has the label ${label}.`);
  const students = await listRoster(runtime.db, school.id);
  await recordAudit(runtime.db, {
    domainId: school.id,
    userId: null,
    actor: 'Provider (operator command)',
    action: 'students.export',
    detail: `Exported ${students.length.toLocaleString('en-GB')} ${students.length === 1 ? 'student' : 'students'} as a Google Workspace CSV${options.passwords ? ' with new passwords' : ''}.`,
    now: runtime.clock(),
  });
  return { csv: googleWorkspaceCsv(students, options), count: students.length };
}
