import { Hono } from 'hono';
import { haparaCalls } from '../../../contracts/hapara';
import { STUDENTS_DOWNLOAD_PATH } from '../../../contracts/hapara-endpoints';
import type { AppEnv } from '../../http/types';
import { routePath, serve } from '../../http/calls';
import { requireAuth } from '../../http/middleware';
import * as students from './service';

/** The student list's calls (spec section 7, Learning in the Cloud `manage/*`), served at the API's root. */
export const haparaStudentRoutes = new Hono<AppEnv>();

serve(haparaStudentRoutes, haparaCalls.studentList, async (ctx) => ({ studentList: await students.listAllStudents(ctx) }));
serve(haparaStudentRoutes, haparaCalls.studentPage, (ctx, { query }) =>
  students.listStudentsPage(ctx, { page: query.page, query: query.query ?? '' }, query.limit),
);
serve(haparaStudentRoutes, haparaCalls.studentForm, (ctx) => students.loadStudentForm(ctx));
serve(haparaStudentRoutes, haparaCalls.addStudent, async (ctx, { body }) => ({ student: await students.addStudent(ctx, body) }));
serve(haparaStudentRoutes, haparaCalls.updateStudent, async (ctx, { body }) => ({ student: await students.updateStudent(ctx, body) }));
serve(haparaStudentRoutes, haparaCalls.deleteStudent, async (ctx, { body }) => ({ student: await students.deleteStudent(ctx, body.index) }));

/**
 * Export CSV: a file the browser opens in a new tab, not a JSON call. The session (401 in the
 * envelope when signed out) and the product gate (the API's, by path) apply as to the calls.
 */
haparaStudentRoutes.get(routePath(STUDENTS_DOWNLOAD_PATH), requireAuth, async (c) => {
  const { csv, filename } = await students.exportStudentsCsv(c.get('ctx'));
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
});
