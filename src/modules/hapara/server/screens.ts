/** Learning in the Cloud's screens' first HTML, loaded over the backend port (the same for both backends). */
import { HAPARA_PAGE_SIZE, type StatusRow } from '../contract';
import type { ListLocation } from '../../../lib/lists/location';
import type { ClassListScreen, HaparaBackend, StudentForm, StudentPage } from './backend';

export type StudentListScreen = StudentForm & { students: StudentPage };

/** The student list screen: the page the address asks for, and what its forms offer. */
export async function loadStudentListScreen(hapara: HaparaBackend, location: Pick<ListLocation, 'page' | 'query'>): Promise<StudentListScreen> {
  const [students, form] = await Promise.all([hapara.listStudentsPage(location, HAPARA_PAGE_SIZE), hapara.loadStudentForm()]);
  return { students, ...form };
}

/** The class list screen: the whole list (a school has at most a few hundred classes). */
export function loadClassListScreen(hapara: HaparaBackend): Promise<ClassListScreen> {
  return hapara.loadClassList();
}

export function loadStatusScreen(hapara: HaparaBackend): Promise<StatusRow[]> {
  return hapara.loadStatus();
}

/** The leavers screen: the extra fields a file may hold as ID columns (the help names them). */
export async function loadLeaversScreen(hapara: HaparaBackend): Promise<{ fields: string[] }> {
  return { fields: await hapara.leaverFields() };
}
