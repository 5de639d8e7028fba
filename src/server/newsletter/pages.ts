/**
 * The newsletter's page loaders, whichever backend serves them: the page calls these with its
 * locals, and they ask the embedded service (the request context) or the upstream one (the
 * request's upstream scope). The one place a newsletter page's data source is chosen.
 */
import type { ListLocation } from '../../lib/lists';
import * as embedded from './members/service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

/** Manage Mailing List's first screen: a page of members, filtered. */
export function loadMembersPage(locals: Locals, location: ListLocation) {
  return locals.upstream ? upstream.listMembersPage(locals.upstream, location) : embedded.listMembersPage(embeddedContext(locals), location);
}
