import type { Generated } from 'kysely';

/**
 * Learning in the Cloud's tables (migration 0017_hapara), merged into the Database type.
 *
 * `hapara_settings`: per school, the mail domain students' addresses end in, the username rule
 * (tokens `{first}`, `{last}`, `{f}` (first initial), `{yy}`/`{yyyy}` (the year the student is
 * added), and `{<field>}` for an extra field, e.g. `{Student ID}`), the extra fields the add form
 * asks for (JSON array of names: the add payload's keys) and the folders a class may have (JSON
 * array; '*' is 'All Files').
 *
 * `hapara_students`: the roster. `pending_add` is 1 for a student whose addition waits for
 * verification (listed with a 'Pending verification' badge, not part of the roster yet: exports,
 * matching and the provider's CSV leave it out); `extra` is a JSON object of the extra fields'
 * values; `search` is the lowercased text the list's filter matches.
 *
 * `hapara_classes`: code (the class mailbox), name, teachers and folders (JSON arrays), position
 * (the list's order). `hapara_teachers`: the school's staff as the class list suggests them.
 *
 * `hapara_requests`: every change staff ask for (kind add / edit / delete / classes; source screen
 * or leavers), pending until the provider approves (the change is applied in the approval's
 * transaction) or rejects it (with a reason); `payload` is the change as JSON.
 */
export interface HaparaSettingsTable {
  domain_id: number;
  mail_domain: string;
  username_rule: string;
  fields: string;
  folders: string;
}

export interface HaparaTeacherTable {
  id: Generated<number>;
  domain_id: number;
  username: string;
  name: string;
}

export interface HaparaClassTable {
  id: Generated<number>;
  domain_id: number;
  code: string;
  name: string;
  teachers: string;
  folders: string;
  position: number;
}

export interface HaparaStudentTable {
  id: Generated<number>;
  domain_id: number;
  first_name: string;
  last_name: string;
  class_code: string;
  email: string;
  username: string;
  extra: string;
  search: string;
  pending_add: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type HaparaRequestKind = 'add' | 'edit' | 'delete' | 'classes';
export type HaparaRequestStatus = 'pending' | 'approved' | 'rejected';
export type HaparaRequestSource = 'screen' | 'leavers';

export interface HaparaRequestTable {
  id: Generated<number>;
  domain_id: number;
  kind: HaparaRequestKind;
  student_id: number | null;
  payload: string;
  source: HaparaRequestSource;
  status: HaparaRequestStatus;
  reason: string | null;
  user_id: number | null;
  requester_email: string;
  requester_name: string;
  created_at: number;
  decided_at: number | null;
}

/** `hapara_list_versions`: what the whole student list shows, per school: its version and its students (migration 0029, kept by triggers). */
export interface HaparaListVersionTable {
  domain_id: number;
  version: number;
  students: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    hapara_settings: HaparaSettingsTable;
    hapara_teachers: HaparaTeacherTable;
    hapara_classes: HaparaClassTable;
    hapara_students: HaparaStudentTable;
    hapara_requests: HaparaRequestTable;
    hapara_list_versions: HaparaListVersionTable;
  }
}
