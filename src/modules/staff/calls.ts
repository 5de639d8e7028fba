/**
 * The staff lists' calls (spec section 7, App; the website's list the same under
 * /api/website/managestaff/): where each goes. The schemas join them in `staffCalls`
 * (./staff.ts); this file stays zod-free.
 */
import { typedEndpoints, type TypedEndpoint } from '../../lib/contract/calls';
import type { StaffAction, StaffCall, staffCalls } from './contract';
import type { StaffListKind } from './rules';
import { STAFF_ENDPOINTS } from './endpoints';

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

export { STAFF_ENDPOINTS };
