/**
 * The staff lists' calls (spec section 7, App; the website's list the same under
 * /api/website/managestaff/): where each goes. The schemas join them in `staffCalls`
 * (./staff.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint, type TypedEndpoint } from './calls';
import type { StaffAction, StaffCall, staffCalls } from './staff';
import type { StaffListKind } from './staff-rules';

export const STAFF_ENDPOINTS = {
  // The app's list (spec section 7, App), and the upload that fills Image URL (beyond the spec).
  appList: { method: 'GET', path: '/api/app/manage/stafflist' },
  appNew: { method: 'POST', path: '/api/app/manage/stafflist/new' },
  appUpdate: { method: 'POST', path: '/api/app/manage/stafflist/update' },
  appDelete: { method: 'POST', path: '/api/app/manage/stafflist/delete' },
  appMove: { method: 'POST', path: '/api/app/manage/stafflist/move' },
  appUpload: { method: 'POST', path: '/api/app/manage/stafflist/upload' },
  // The website's list: the same calls under the website's prefix.
  websiteList: { method: 'GET', path: '/api/website/managestaff/stafflist' },
  websiteNew: { method: 'POST', path: '/api/website/managestaff/stafflist/new' },
  websiteUpdate: { method: 'POST', path: '/api/website/managestaff/stafflist/update' },
  websiteDelete: { method: 'POST', path: '/api/website/managestaff/stafflist/delete' },
  websiteMove: { method: 'POST', path: '/api/website/managestaff/stafflist/move' },
  websiteUpload: { method: 'POST', path: '/api/website/managestaff/stafflist/upload' },
} as const satisfies Record<string, Endpoint>;

/** The staff lists' endpoints with their call types: `send(staffApi.appMove, { body })`. */
export const staffApi = typedEndpoints<typeof staffCalls>(STAFF_ENDPOINTS);

/** One list's endpoints by action: the one staff-list store serves either list with them. */
export type StaffListEndpoints = { readonly [A in StaffAction]: TypedEndpoint<StaffCall<A>> };

export const STAFF_LIST_ENDPOINTS: Readonly<Record<StaffListKind, StaffListEndpoints>> = {
  app: {
    list: staffApi.appList,
    create: staffApi.appNew,
    update: staffApi.appUpdate,
    remove: staffApi.appDelete,
    move: staffApi.appMove,
    upload: staffApi.appUpload,
  },
  website: {
    list: staffApi.websiteList,
    create: staffApi.websiteNew,
    update: staffApi.websiteUpdate,
    remove: staffApi.websiteDelete,
    move: staffApi.websiteMove,
    upload: staffApi.websiteUpload,
  },
};
