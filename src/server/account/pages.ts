/**
 * The account's page loaders, whichever backend serves them: the page calls these with its
 * locals, and they ask the embedded service (the request context) or the upstream one (the
 * request's upstream scope). The one place an account page's data source is chosen.
 */
import * as embedded from './users/service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

/** Manage Users' list in the first HTML. */
export function loadManageUsers(locals: Locals) {
  return locals.upstream ? upstream.listUsers(locals.upstream) : embedded.loadManageUsers(embeddedContext(locals));
}
