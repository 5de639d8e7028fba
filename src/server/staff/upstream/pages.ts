/** The staff lists' page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { StaffListKind } from '../../../contracts/staff-rules';
import type { staffPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import * as staff from './service';

/** The app's staff list at a page, asked once per request: the page middleware starts it beside the user call. */
export const staffListOnce = (up: UpstreamScope, page: number) => up.once(`page:staff.list:${page}`, () => staff.loadStaffListScreen(up, page));

/** The legacy backend has the app's list only: the website's page is 'not available' in upstream mode, so never loads. */
function appListOnly(list: StaffListKind): void {
  if (list !== 'app') throw new Error(`The legacy backend has no ${list} staff list: its page is not available in upstream mode.`);
}

export const staffUpstreamPages: typeof staffPages = {
  loadStaffListScreen(locals, list, page) {
    appListOnly(list);
    return staffListOnce(upstreamScope(locals), page);
  },
  loadStaffEditScreen(locals, list, idParam) {
    appListOnly(list);
    return staff.loadStaffEditScreen(upstreamScope(locals), idParam);
  },
};
