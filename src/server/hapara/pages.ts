/** Learning in the Cloud's page loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). */
import type { ListLocation } from '../../lib/lists';
import * as students from './students/service';
import * as classes from './classes/service';
import * as status from './status/service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const haparaPages = {
  loadStudentListScreen(locals: PageLocals, location: Pick<ListLocation, 'page' | 'query'>) {
    return students.loadStudentListScreen(embeddedContext(locals), location);
  },

  loadClassListScreen(locals: PageLocals): Promise<classes.ClassListScreen> {
    return classes.loadClassListScreen(embeddedContext(locals));
  },

  loadStatusScreen(locals: PageLocals) {
    return status.loadStatusScreen(embeddedContext(locals));
  },
};
