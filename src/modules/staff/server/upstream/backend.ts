/**
 * The staff lists' port (../backend.ts) on the legacy backend: the app's list only (the website's
 * list and photo uploads are not legacy calls: their routes are not mounted and their pages are
 * 'not available').
 */
import type { StaffListKind } from '../../rules';
import type { ShellSession } from '../../../../platform/module/shell-session';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { StaffBackend } from '../backend';
import * as staff from './service';

/** The app's list, asked once per request: upstream mode's page middleware starts it beside the user call. */
export const staffListOnce = (up: UpstreamScope) => up.once('staff.list', () => staff.listStaff(up));

function appListOnly(list: StaffListKind): void {
  if (list !== 'app') throw new Error(`The legacy backend has no ${list} staff list: its routes and pages are not served in upstream mode.`);
}

/** `session`: the signed-in user, known before any change (a GET may run beside the user call, without it). */
export function upstreamStaffBackend(up: UpstreamScope, session: () => ShellSession): StaffBackend {
  return {
    async listStaff(list) {
      appListOnly(list);
      return staffListOnce(up);
    },
    async createStaff(list, fields) {
      appListOnly(list);
      return staff.createStaff(up, session().domain.label, fields);
    },
    async updateStaff(list, input) {
      appListOnly(list);
      return staff.updateStaff(up, session().domain.label, input);
    },
    async deleteStaff(list, row) {
      appListOnly(list);
      return staff.deleteStaff(up, row);
    },
    async moveStaff(list, input) {
      appListOnly(list);
      return staff.moveStaff(up, input);
    },
    uploadStaffPhoto: () => Promise.reject(new Error('The legacy backend has no staff photo upload: its route is not served in upstream mode.')),
  };
}
