/**
 * Learning in the Cloud's port (../backend.ts) on the legacy backend: everything but the leavers
 * upload (not a legacy call: its route is not mounted and its page is 'not available').
 */
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { HaparaBackend } from '../backend';
import * as hapara from './service';

/** The class list and the status, each asked once per request: upstream mode's page middleware starts them beside the user call. */
export const classListOnce = (up: UpstreamScope) => up.once('hapara.classes', () => hapara.loadClassListScreen(up));
export const statusOnce = (up: UpstreamScope) => up.once('hapara.status', () => hapara.loadStatusScreen(up));

const notLegacy = (): Promise<never> =>
  Promise.reject(new Error('The legacy backend has no leavers upload: its route and page are not served in upstream mode.'));

export function upstreamHaparaBackend(up: UpstreamScope): HaparaBackend {
  return {
    // The whole legacy list is asked once per request (its warm-up included), then paged here.
    listAllStudents: () => hapara.listAllStudents(up),
    // The legacy backend's list is its own: asked every time.
    openWholeList: () => Promise.resolve(null),
    listStudentsPage: (location, limit) => hapara.listStudentsPage(up, location, limit),
    loadStudentForm: () => hapara.loadStudentForm(up),
    addStudent: (input) => hapara.addStudent(up, input),
    updateStudent: (input) => hapara.updateStudent(up, input),
    deleteStudent: (index) => hapara.deleteStudent(up, index),
    exportStudents: () => hapara.downloadStudents(up),
    loadClassList: () => classListOnce(up),
    saveClasses: (input) => hapara.saveClasses(up, input),
    uploadLeavers: notLegacy,
    leaverFields: notLegacy,
    loadStatus: () => statusOnce(up),
  };
}
