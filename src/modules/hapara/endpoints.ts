/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

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
