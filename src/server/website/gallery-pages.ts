/**
 * The gallery pages' loaders, whichever backend serves them (as ./pages.ts for the posts): the
 * embedded galleries service (the request context) or the upstream one (the request's upstream scope).
 */
import * as embedded from './galleries/service';
import * as upstream from './upstream/galleries/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

/** Manage Galleries' first screen: a page of galleries (`total_pages` at least 1). */
export function loadGalleriesScreen(locals: Locals, page: number) {
  return locals.upstream ? upstream.loadGalleriesScreen(locals.upstream, page) : embedded.loadGalleriesScreen(embeddedContext(locals), page);
}

/** The edit screen's gallery for the address's `?id=`, or null (missing, not an id, another school's). */
export function loadGalleryEditScreen(locals: Locals, rawId: string | null) {
  return locals.upstream ? upstream.loadGalleryEditScreen(locals.upstream, rawId) : embedded.loadGalleryEditScreen(embeddedContext(locals), rawId);
}
