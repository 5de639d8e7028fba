import { STAFF_LIST_CALLS, type StaffListCalls, type StaffListKind } from '../contract';
import { routesOver } from '../../../platform/http/port';
import type { StaffBackend } from './backend';

/**
 * One list's calls (spec section 7, App: `manage/stafflist*`; the website's list the same under
 * /api/website/managestaff/), served at the API's root. The API's product gate guards each list
 * by its prefix (app, website), before any of these run.
 */
function staffListRoutes(list: StaffListKind, calls: StaffListCalls) {
  return routesOver<StaffBackend>((serve) => {
    serve(calls.list, async (staff) => ({ staff: await staff.listStaff(list) }));
    serve(calls.create, (staff, { body }) => staff.createStaff(list, body));
    serve(calls.update, (staff, { body }) => staff.updateStaff(list, body));
    serve(calls.remove, async (staff, { body }) => ({ staff: await staff.deleteStaff(list, body) }));
    serve(calls.move, async (staff, { body }) => ({ staff: await staff.moveStaff(list, body) }));
    serve(calls.upload, (staff, { form }) => staff.uploadStaffPhoto(form.file), { heavy: 'upload', upload: 'file' });
  });
}

export const STAFF_ROUTES = { app: staffListRoutes('app', STAFF_LIST_CALLS.app), website: staffListRoutes('website', STAFF_LIST_CALLS.website) };
