/**
 * The staff pages' loaders, whichever backend serves them: the embedded service (the request
 * context) or the upstream one (the request's upstream scope, the app's list only). The one
 * place a staff page's data source is chosen.
 */
import type { StaffListKind } from '../../contracts/staff-rules';
import * as embedded from './service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

/** The list screen's first HTML at a page. Upstream mode serves the app's list only (the website's page is not available there). */
export function loadStaffListScreen(locals: Locals, list: StaffListKind, page: number): Promise<embedded.StaffListScreen> {
  if (locals.upstream && list === 'app') return upstream.loadStaffListScreen(locals.upstream, page);
  return embedded.loadStaffListScreen(embeddedContext(locals), list, page);
}

/** The form's first HTML: the entry of `?id=`, or a new one. */
export function loadStaffEditScreen(locals: Locals, list: StaffListKind, idParam: string | null): Promise<embedded.StaffEditScreen> {
  if (locals.upstream && list === 'app') return upstream.loadStaffEditScreen(locals.upstream, idParam);
  return embedded.loadStaffEditScreen(embeddedContext(locals), list, idParam);
}
