/**
 * Learning in the Cloud's page loaders, whichever backend serves them: the page calls these with
 * its locals, and they ask the embedded services (the request context) or the upstream one (the
 * request's upstream scope). The one place a hapara page's data source is chosen.
 */
import type { ListLocation } from '../../lib/lists';
import * as students from './students/service';
import * as classes from './classes/service';
import * as status from './status/service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

export function loadStudentListScreen(locals: Locals, location: Pick<ListLocation, 'page' | 'query'>) {
  return locals.upstream ? upstream.loadStudentListScreen(locals.upstream, location) : students.loadStudentListScreen(embeddedContext(locals), location);
}

export function loadClassListScreen(locals: Locals): Promise<classes.ClassListScreen> {
  return locals.upstream ? upstream.loadClassListScreen(locals.upstream) : classes.loadClassListScreen(embeddedContext(locals));
}

export function loadStatusScreen(locals: Locals) {
  return locals.upstream ? upstream.loadStatusScreen(locals.upstream) : status.loadStatusScreen(embeddedContext(locals));
}
