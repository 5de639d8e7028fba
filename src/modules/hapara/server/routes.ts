import { haparaCalls } from '../contract';
import { STUDENTS_DOWNLOAD_PATH } from '../calls';
import { routesOver } from '../../../platform/http/port';
import type { HaparaBackend } from './backend';

/** Learning in the Cloud's calls (spec section 7, `manage/*`, `upload/*`, `status`), served at the API's root. */
export const HAPARA_ROUTES = routesOver<HaparaBackend>((serve) => {
  // Students
  serve(haparaCalls.studentList, async (hapara) => ({ studentList: await hapara.listAllStudents() }), { versioned: (hapara) => hapara.openWholeList() });
  serve(haparaCalls.studentPage, (hapara, { query }) => hapara.listStudentsPage({ page: query.page, query: query.query ?? '' }, query.limit));
  serve(haparaCalls.studentForm, (hapara) => hapara.loadStudentForm());
  serve(haparaCalls.addStudent, async (hapara, { body }) => ({ student: await hapara.addStudent(body) }));
  serve(haparaCalls.updateStudent, async (hapara, { body }) => ({ student: await hapara.updateStudent(body) }));
  serve(haparaCalls.deleteStudent, async (hapara, { body }) => ({ student: await hapara.deleteStudent(body.index) }));
  // Export CSV: a file the browser opens in a new tab, not a JSON call (the session and the product gate apply as to the calls).
  serve.download(STUDENTS_DOWNLOAD_PATH, (hapara) => hapara.exportStudents());
  // Classes
  serve(haparaCalls.classes, (hapara) => hapara.loadClassList());
  serve(haparaCalls.saveClasses, (hapara, { body }) => hapara.saveClasses(body));
  // Leavers
  serve(haparaCalls.leavers, async (hapara, { form }) => ({ summary: await hapara.uploadLeavers(form.file, form.dryRun) }), {
    heavy: 'document',
    upload: 'file',
  });
  // Status
  serve(haparaCalls.status, async (hapara) => ({ status: await hapara.loadStatus() }));
});
