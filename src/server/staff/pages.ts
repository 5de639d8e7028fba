/** The staff lists' page loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). */
import type { StaffListKind } from '../../contracts/staff-rules';
import * as staff from './service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const staffPages = {
  /** The list screen's first HTML at a page. */
  loadStaffListScreen(locals: PageLocals, list: StaffListKind, page: number): Promise<staff.StaffListScreen> {
    return staff.loadStaffListScreen(embeddedContext(locals), list, page);
  },

  /** The form's first HTML: the entry of `?id=`, or a new one. */
  loadStaffEditScreen(locals: PageLocals, list: StaffListKind, idParam: string | null): Promise<staff.StaffEditScreen> {
    return staff.loadStaffEditScreen(embeddedContext(locals), list, idParam);
  },
};
