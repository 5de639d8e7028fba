import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import * as repo from './repository';
import { ensureCategory } from './service';
import { importWxr, type ImportCounts } from './wxr';
import { findSchoolByLabel } from '../account/service';

/** WordPress's theme unit test data: realistic posts and pages for the demo school's website. */
export const DEMO_WXR_FILE = path.join('fixtures', 'wordpress', 'themeunittestdata.wordpress.xml');

/** Categories the portal's screens preselect: new posts tick 'Newsflash', newsletter sends 'Newsletters'. */
export const DEFAULT_CATEGORIES = ['Newsflash', 'Newsletters'] as const;

/**
 * Fills the demo school's website (run inside the seeding transaction): the default categories
 * and the WordPress fixture, read from the working directory. Without the file, one line is
 * logged and seeding goes on. Returns the import's counts, or null when there was no file.
 */
export async function seedDemoWebsite(
  db: Db,
  label: string,
  now: number,
  log: (line: string) => void = console.log,
): Promise<ImportCounts | null> {
  const school = await findSchoolByLabel(db, label);
  if (!school) throw new Error(`The demo school ${label} does not exist.`);
  for (const name of DEFAULT_CATEGORIES) await ensureCategory(db, school.id, name);
  const file = path.resolve(process.cwd(), DEMO_WXR_FILE);
  let xml: string;
  try {
    xml = await fs.readFile(file, 'utf8');
  } catch {
    log(`No demo website content: ${file} was not found.`);
    return null;
  }
  return importWxr(db, label, xml, now);
}
