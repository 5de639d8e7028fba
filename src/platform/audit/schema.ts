import type { Generated } from 'kysely';

/**
 * `audit_log` (foundation migration 0016): one row per time someone saw or exported a school's
 * personal data. `actor` is the user's address as it was then (kept when the user is removed);
 * `action` a stable code (`students.export`), `detail` the sentence the Account screen shows.
 */
export interface AuditLogTable {
  id: Generated<number>;
  domain_id: number;
  user_id: number | null;
  actor: string;
  action: string;
  detail: string;
  created_at: number;
}

declare module '../db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
