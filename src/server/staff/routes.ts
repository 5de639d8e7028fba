import { Hono } from 'hono';
import { STAFF_LIST_CALLS, type StaffListCalls, type StaffListKind } from '../../contracts/staff';
import type { AppEnv } from '../http/types';
import { serve } from '../http/calls';
import { readFormWithFile } from '../http/multipart';
import { uploadLimit } from '../http/upload-limit';
import * as staff from './service';

/**
 * One list's calls (spec section 7, App: `manage/stafflist*`; the website's list the same under
 * /api/website/managestaff/), served at the API's root. The same factory serves both lists; the
 * API's product gate guards each by its prefix (app, website), before any of these run.
 */
function staffListRoutes(list: StaffListKind, calls: StaffListCalls): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  serve(routes, calls.list, async (ctx) => ({ staff: await staff.listStaff(ctx, list) }));
  serve(routes, calls.create, (ctx, { body }) => staff.createStaff(ctx, list, body));
  serve(routes, calls.update, (ctx, { body }) => staff.updateStaff(ctx, list, body));
  serve(routes, calls.remove, async (ctx, { body }) => ({ staff: await staff.deleteStaff(ctx, list, body) }));
  serve(routes, calls.move, async (ctx, { body }) => ({ staff: await staff.moveStaff(ctx, list, body) }));
  serve(routes, calls.upload, (ctx, { form }, c) => staff.uploadStaffPhoto(ctx, c.get('runtime').config.PORTAL_DATA_DIR, form.file), {
    before: [uploadLimit],
    readForm: readFormWithFile('file'),
  });
  return routes;
}

export const appStaffRoutes = staffListRoutes('app', STAFF_LIST_CALLS.app);
export const websiteStaffRoutes = staffListRoutes('website', STAFF_LIST_CALLS.website);
