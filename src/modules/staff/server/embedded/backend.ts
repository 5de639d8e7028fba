/** The staff lists' port (../backend.ts) on the embedded backend: the school's lists in its database. */
import type { RequestContext } from '../../../../platform/context';
import type { Runtime } from '../../../../platform/runtime';
import type { StaffBackend } from '../backend';
import * as staff from './service';

export function embeddedStaffBackend(ctx: RequestContext, runtime: Runtime): StaffBackend {
  return {
    listStaff: (list) => staff.listStaff(ctx, list),
    createStaff: (list, fields) => staff.createStaff(ctx, list, fields),
    updateStaff: (list, input) => staff.updateStaff(ctx, list, input),
    deleteStaff: (list, row) => staff.deleteStaff(ctx, list, row),
    moveStaff: (list, input) => staff.moveStaff(ctx, list, input),
    uploadStaffPhoto: (file) => staff.uploadStaffPhoto(ctx, runtime.config.PORTAL_DATA_DIR, file),
  };
}
