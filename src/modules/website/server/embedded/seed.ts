import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CATEGORIES } from '../../rules';
import type { SchoolContext } from '../../../../platform/context';
import { ensureCategory } from './content/service';
import { importWxr } from './import/service';
import type { ImportCounts } from './import/wxr';

/** WordPress's theme unit test data: realistic posts and pages for the demo school's website. */
export const DEMO_WXR_FILE = path.join('fixtures', 'wordpress', 'themeunittestdata.wordpress.xml');

/**
 * Fills the demo school's website (run inside the seeding transaction: the context's database is
 * that transaction): the default categories (the ones the portal's screens preselect) and the
 * WordPress fixture, read from the working directory, its pictures (hot-linked from
 * wordpress.com) replaced by placeholders stored as the school's uploads in `dataDir`, so the demo
 * pages keep their layout and no request leaves the machine. Without the file, one line is logged
 * and seeding goes on. Returns the import's counts, or null when there was no file.
 */
export async function seedDemoWebsite(
  ctx: SchoolContext,
  options: { dataDir: string; log?: (line: string) => void },
): Promise<ImportCounts | null> {
  const log = options.log ?? console.log;
  for (const name of DEFAULT_CATEGORIES) await ensureCategory(ctx, name);
  const file = path.resolve(process.cwd(), DEMO_WXR_FILE);
  let xml: string;
  try {
    xml = await fs.readFile(file, 'utf8');
  } catch {
    log(`No demo website content: ${file} was not found.`);
    return null;
  }
  return importWxr(ctx, xml, { localImages: { dataDir: options.dataDir } });
}
