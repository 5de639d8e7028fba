import type { Generated } from 'kysely';
import type { StaffListKind } from '../../rules';

/**
 * The staff lists' table (migration 0019_staff_lists), merged into the Database type.
 *
 * `staff_members`: each school's two lists (`list`: 'app' or 'website'), one row per person;
 * `position` is the row's place in its list, 0 to n - 1 with no gaps (kept so by every change, in
 * one transaction that holds the list's lock). The text columns are the spec's fields as typed
 * (trimmed); `image_url` is an https address or an uploaded photo's `/uploads/...` path.
 */
export interface StaffMemberTable {
  id: Generated<number>;
  domain_id: number;
  list: StaffListKind;
  position: number;
  name: string;
  class_name: string;
  role: string;
  email: string;
  image_url: string;
  biography: string;
  section: string;
  created_at: number;
  updated_at: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    staff_members: StaffMemberTable;
  }
}
