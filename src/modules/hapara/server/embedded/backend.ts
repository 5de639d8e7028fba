/** Learning in the Cloud's port (../backend.ts) on the embedded backend: the school's roster in its database, every change a request. */
import type { RequestContext } from '../../../../platform/context';
import type { HaparaBackend } from '../backend';
import * as students from './students/service';
import * as classes from './classes/service';
import * as leavers from './leavers/service';
import * as status from './status/service';

export function embeddedHaparaBackend(ctx: RequestContext): HaparaBackend {
  return {
    listAllStudents: () => students.listAllStudents(ctx),
    openWholeList: () => students.openWholeList(ctx),
    listStudentsPage: (location, limit) => students.listStudentsPage(ctx, location, limit),
    loadStudentForm: () => students.loadStudentForm(ctx),
    addStudent: (input) => students.addStudent(ctx, input),
    updateStudent: (input) => students.updateStudent(ctx, input),
    deleteStudent: (index) => students.deleteStudent(ctx, index),
    async exportStudents() {
      const { csv, filename } = await students.exportStudentsCsv(ctx);
      return { body: csv, contentType: 'text/csv; charset=utf-8', disposition: `attachment; filename="${filename}"` };
    },
    loadClassList: () => classes.loadClassListScreen(ctx),
    saveClasses: (input) => classes.saveClasses(ctx, input),
    uploadLeavers: async (file, dryRun) => leavers.uploadLeavers(ctx, new Uint8Array(await file.arrayBuffer()), dryRun),
    leaverFields: async () => (await leavers.loadLeaversScreen(ctx)).fields,
    loadStatus: () => status.loadStatusScreen(ctx),
  };
}
