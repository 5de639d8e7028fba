import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { serviceWorkerResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The school site's service worker (its scope the whole site): shows notifications, opens their posts. */
export const GET: APIRoute = ({ locals, params }) => serviceWorkerResponse(embeddedRuntime(locals), decodeSegment(params.school));
