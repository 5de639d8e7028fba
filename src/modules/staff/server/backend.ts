/**
 * The staff lists' backend port: what their calls and screens need, whichever backend holds the
 * lists. The embedded one (./embedded/backend.ts) has both lists and photo uploads; the legacy
 * backend (./upstream/backend.ts) has the app's list only.
 */
import type { MoveStaffRequest, StaffEntry, StaffFields, StaffRowRequest, UpdateStaffRequest } from '../contract';
import type { StaffListKind } from '../rules';

export interface StaffChange {
  staff: StaffEntry[];
  entry: StaffEntry;
}

export interface StaffBackend {
  /** The list in its order, each row with its id and index. */
  listStaff(list: StaffListKind): Promise<StaffEntry[]>;
  createStaff(list: StaffListKind, fields: StaffFields): Promise<StaffChange>;
  updateStaff(list: StaffListKind, input: UpdateStaffRequest): Promise<StaffChange>;
  deleteStaff(list: StaffListKind, row: StaffRowRequest): Promise<StaffEntry[]>;
  moveStaff(list: StaffListKind, input: MoveStaffRequest): Promise<StaffEntry[]>;
  /** Upload photo: the stored image's public address, for Image URL. */
  uploadStaffPhoto(file: File): Promise<{ url: string }>;
}
