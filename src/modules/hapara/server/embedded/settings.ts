import { z } from 'zod';
import type { Db } from '../../../../platform/db';
import './schema';

/**
 * A school's Learning in the Cloud settings (`hapara_settings`): where students' addresses live,
 * how usernames are made, the extra fields the add form asks for and the folders a class may have.
 * A school that has never been set up gets the defaults, so its screens work (with no extra field).
 */
export interface HaparaSettings {
  mailDomain: string;
  usernameRule: string;
  fields: string[];
  folders: string[];
}

export const DEFAULT_USERNAME_RULE = '{first}.{last}{yy}';
export const DEFAULT_FOLDERS = ['*'];

const stringList = z.array(z.string());

/** A JSON array of strings as stored; anything else (a hand-edited row) reads as empty rather than failing every screen. */
function readList(json: string): string[] {
  try {
    const parsed = stringList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Students' mail domain when the school has none set: under the school's label, never a real domain. */
export function defaultMailDomain(label: string): string {
  return `students.${label}.school.nz`;
}

export async function readSettings(db: Db, domain: { id: number; label: string }): Promise<HaparaSettings> {
  const row = await db.selectFrom('hapara_settings').selectAll().where('domain_id', '=', domain.id).executeTakeFirst();
  if (!row) return { mailDomain: defaultMailDomain(domain.label), usernameRule: DEFAULT_USERNAME_RULE, fields: [], folders: [...DEFAULT_FOLDERS] };
  return { mailDomain: row.mail_domain, usernameRule: row.username_rule, fields: readList(row.fields), folders: readList(row.folders) };
}

/** Creates or replaces a school's settings (the demo seed, tests, an operator). */
export async function writeSettings(db: Db, domainId: number, settings: HaparaSettings): Promise<void> {
  const values = {
    mail_domain: settings.mailDomain,
    username_rule: settings.usernameRule,
    fields: JSON.stringify(settings.fields),
    folders: JSON.stringify(settings.folders),
  };
  await db
    .insertInto('hapara_settings')
    .values({ domain_id: domainId, ...values })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet(values))
    .execute();
}
