import type { Runtime } from '../../../../../platform/runtime';
import { schoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../account/server';
import { publishDuePages, publishDuePagesOf } from './service';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `publish-pages [--school LABEL]` (registered in ../commands.ts): publishes pending pages now,
 * whatever their review time, of one school (in that school's context) or of every school.
 */
export async function publishPagesCommand(runtime: Runtime, label: string | undefined, print: (line: string) => void): Promise<void> {
  if (label === undefined) {
    const published = await publishDuePages(runtime.db, runtime.clock(), 0);
    print(`Published ${plural(published, 'page', 'pages')} across all schools.`);
    return;
  }
  const school = await findSchoolByLabel(runtime.db, label);
  if (!school) throw new Refusal(404, 'not_found', `No school has the label ${label}.`);
  const published = await publishDuePagesOf(schoolContext(runtime.db, school, runtime.clock()), 0);
  print(`Published ${plural(published, 'page', 'pages')} of ${school.label}.`);
}
