import fs from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '../../../../../platform/runtime';
import { schoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../account/server';
import { importWxr } from './service';

/**
 * `import-wxr FILE --school LABEL [--local-images]` (registered in ../commands.ts). A refusal is a
 * Refusal: the command line prints it and exits with code 2, having changed nothing. With
 * `--local-images` the pictures the content hot-links from other sites are replaced by
 * placeholders stored as the school's uploads (./service.ts, `localImages`); without it the
 * content keeps its addresses.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function importWxrFileCommand(
  runtime: Runtime,
  file: string,
  label: string,
  print: (line: string) => void,
  options: { localImages?: boolean } = {},
): Promise<void> {
  const resolved = path.resolve(file);
  let xml: string;
  try {
    xml = await fs.readFile(resolved, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    throw new Refusal(400, 'invalid', code === 'ENOENT' ? `There is no file ${resolved}.` : `Cannot read ${resolved}${code ? ` (${code})` : ''}.`);
  }
  const school = await findSchoolByLabel(runtime.db, label);
  if (!school) throw new Refusal(404, 'not_found', `No school has the label ${label}.`);
  const counts = await importWxr(
    schoolContext(runtime.db, school, runtime.clock()),
    xml,
    options.localImages ? { localImages: { dataDir: runtime.config.PORTAL_DATA_DIR } } : {},
  );
  print(
    `Imported ${plural(counts.posts, 'post', 'posts')}, ${plural(counts.pages, 'page', 'pages')} and ` +
      `${plural(counts.categories, 'new category', 'new categories')} into ${school.label}.`,
  );
  if (counts.skipped > 0) print(`Skipped ${plural(counts.skipped, 'item', 'items')} whose slug the school already has.`);
  if (counts.placeholders) print(`Replaced ${plural(counts.placeholders, 'picture', 'pictures')} from other sites by placeholders.`);
  for (const line of counts.refused ?? []) print(line);
}
