import type { PortRoutes } from '../../../../platform/http/port';
import type { WebsiteBackend } from '../backend';
import { CONTENT_ROUTES } from './content';
import { GALLERY_ROUTES } from './galleries';
import { MEDIA_ROUTES } from './media';
import { REVISION_ROUTES } from './revisions';

export { CONTENT_ROUTES, GALLERY_ROUTES, MEDIA_ROUTES, REVISION_ROUTES };

/** Every website route list, by feature, each mounted over the whole port. */
export const WEBSITE_ROUTES: readonly PortRoutes<WebsiteBackend>[] = [CONTENT_ROUTES, MEDIA_ROUTES, GALLERY_ROUTES, REVISION_ROUTES];
