/**
 * Learning in the Cloud's calls (spec section 7, Learning in the Cloud, and the few beyond it):
 * where each goes. The schemas join them in `haparaCalls` (./hapara.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { haparaCalls } from './hapara';

export const HAPARA_ENDPOINTS = {
  // Students
  studentList: { method: 'GET', path: '/api/hapara/manage/studentlist' },
  studentPage: { method: 'GET', path: '/api/hapara/manage/studentlist/page' },
  studentForm: { method: 'GET', path: '/api/hapara/manage/students' },
  updateStudent: { method: 'POST', path: '/api/hapara/manage/updatestudent' },
  addStudent: { method: 'POST', path: '/api/hapara/manage/students/add' },
  deleteStudent: { method: 'POST', path: '/api/hapara/manage/students/delete' },
  // Classes
  classes: { method: 'GET', path: '/api/hapara/manage/classes' },
  saveClasses: { method: 'POST', path: '/api/hapara/upload/classmanagement' },
  // Leavers (beyond the spec: the upload's call is not shown there)
  leavers: { method: 'POST', path: '/api/hapara/upload/leavers' },
  // Status
  status: { method: 'GET', path: '/api/hapara/status' },
} as const satisfies Record<string, Endpoint>;

/**
 * `GET /api/hapara/manage/students/download`: the student list as a CSV file, opened in a new tab
 * (not a JSON call: the browser navigates to it).
 */
export const STUDENTS_DOWNLOAD_PATH = '/api/hapara/manage/students/download';

/** Learning in the Cloud's endpoints with their call types: `send(haparaApi.addStudent, { body })`. */
export const haparaApi = typedEndpoints<typeof haparaCalls>(HAPARA_ENDPOINTS);
