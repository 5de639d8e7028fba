import fs from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '../../runtime';
import { schoolContext } from '../../context';
import { Refusal } from '../../errors';
import { findSchoolByLabel } from '../../account/service';
import { importWxr } from './service';
import { WxrError } from './wxr';

/**
 * `import-wxr FILE --school LABEL` (registered in ../commands.ts). A refusal is a Refusal: the
 * command line prints it and exits with code 2, having changed nothing.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function importWxrFileCommand(runtime: Runtime, file: string, label: string, print: (line: string) => void): Promise<void> {
  const resolved = path.resolve(file);
  let xml: string;
  try {
    xml = await fs.readFile(resolved, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    throw new Refusal(400, code === 'ENOENT' ? `There is no file ${resolved}.` : `Cannot read ${resolved}${code ? ` (${code})` : ''}.`);
  }
  const school = await findSchoolByLabel(runtime.db, label);
  if (!school) throw new Refusal(404, `No school has the label ${label}.`);
  try {
    const counts = await importWxr(schoolContext(runtime.db, school, runtime.clock()), xml);
    print(
      `Imported ${plural(counts.posts, 'post', 'posts')}, ${plural(counts.pages, 'page', 'pages')} and ` +
        `${plural(counts.categories, 'new category', 'new categories')} into ${school.label}.`,
    );
    if (counts.skipped > 0) print(`Skipped ${plural(counts.skipped, 'item', 'items')} whose slug the school already has.`);
    for (const line of counts.refused ?? []) print(line);
  } catch (err) {
    if (err instanceof WxrError) throw new Refusal(400, `${resolved}: ${err.message}`);
    throw err;
  }
}
