/**
 * Learning in the Cloud's backend port: what its calls and screens need, whichever backend keeps
 * the roster. The embedded one (./embedded/backend.ts) has it all, each change a request the
 * provider verifies; the legacy backend (./upstream/backend.ts) has no leavers upload.
 */
import type { ListLocation } from '../../../lib/lists/location';
import type { PortFile } from '../../../platform/http/port';
import type {
  AddStudentRequest,
  ClassOption,
  ClassRow,
  LeaversSummary,
  SaveClassesRequest,
  StatusRow,
  StudentRow,
  Teacher,
  UpdateStudentRequest,
} from '../contract';

export interface StudentPage {
  studentList: StudentRow[];
  /** At least 1. */
  total_pages: number;
  /** Students in the whole list, filter applied. */
  total: number;
}

export interface StudentForm {
  classes: ClassOption[];
  /** The extra fields the add form asks for: the add payload's keys. */
  fields: string[];
}

export interface ClassListScreen {
  classes: ClassRow[];
  /** The folders a class may have ('*' is All Files). */
  folders: string[];
  /** The teachers the form suggests (none from the legacy backend). */
  teachers: Teacher[];
}

export interface HaparaBackend {
  /** The whole list (the spec's `studentList`), by last name, first name. */
  listAllStudents(): Promise<StudentRow[]>;
  /**
   * The whole list's version, on every call of it (a view is recorded there): its answer is kept
   * per version and a client holding it gets a 304; null where nothing is kept (the legacy backend).
   */
  openWholeList(): Promise<string | null>;
  /** A page of the list, filtered by name, class or email. */
  listStudentsPage(location: Pick<ListLocation, 'page' | 'query'>, limit: number): Promise<StudentPage>;
  /** The school's classes and the extra fields the add form asks for. */
  loadStudentForm(): Promise<StudentForm>;
  addStudent(input: AddStudentRequest): Promise<StudentRow>;
  updateStudent(input: UpdateStudentRequest): Promise<StudentRow>;
  /** The row, pending deletion. */
  deleteStudent(index: number): Promise<StudentRow>;
  /** Export CSV: the student list as a file. */
  exportStudents(): Promise<PortFile>;
  /** The class list as the screen and the GET call show it, waiting changes laid over it. */
  loadClassList(): Promise<ClassListScreen>;
  saveClasses(input: SaveClassesRequest): Promise<{ changed: number }>;
  /** The leavers upload: a dry run answers what would happen, else the deletions are requested. */
  uploadLeavers(file: File, dryRun: boolean): Promise<LeaversSummary>;
  /** The extra fields a leavers file may use as ID columns. */
  leaverFields(): Promise<string[]>;
  loadStatus(): Promise<StatusRow[]>;
}
