import fs from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '../runtime';
import { publishDuePages } from './service';
import { Refusal } from '../errors';
import { importWxr, WxrError } from './wxr';
import { findSchoolByLabel } from '../account/service';

/**
 * The website's operator commands (registered in src/server/cli/commands.ts). A refusal is a
 * Refusal: the command line prints it and exits with code 2, having changed nothing.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `import-wxr FILE --school LABEL` */
export async function importWxrFileCommand(
  runtime: Runtime,
  file: string,
  label: string,
  print: (line: string) => void,
): Promise<void> {
  const resolved = path.resolve(file);
  let xml: string;
  try {
    xml = await fs.readFile(resolved, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    throw new Refusal(400, code === 'ENOENT' ? `There is no file ${resolved}.` : `Cannot read ${resolved}${code ? ` (${code})` : ''}.`);
  }
  try {
    const counts = await importWxr(runtime.db, label, xml, runtime.clock());
    print(
      `Imported ${plural(counts.posts, 'post', 'posts')}, ${plural(counts.pages, 'page', 'pages')} and ` +
        `${plural(counts.categories, 'new category', 'new categories')} into ${label.trim().toLowerCase()}.`,
    );
    if (counts.skipped > 0) print(`Skipped ${plural(counts.skipped, 'item', 'items')} whose slug the school already has.`);
    for (const line of counts.refused ?? []) print(line);
  } catch (err) {
    if (err instanceof WxrError) throw new Refusal(400, `${resolved}: ${err.message}`);
    throw err;
  }
}

/** `publish-pages [--school LABEL]`: publishes pending pages now, whatever their review time. */
export async function publishPagesCommand(
  runtime: Runtime,
  label: string | undefined,
  print: (line: string) => void,
): Promise<void> {
  let domainId: number | undefined;
  if (label !== undefined) {
    const school = await findSchoolByLabel(runtime.db, label);
    if (!school) throw new Refusal(404, `No school has the label ${label}.`);
    domainId = school.id;
  }
  const published = await publishDuePages(runtime.db, runtime.clock(), 0, domainId);
  print(`Published ${plural(published, 'page', 'pages')}${label === undefined ? ' across all schools' : ` of ${label.trim().toLowerCase()}`}.`);
}
