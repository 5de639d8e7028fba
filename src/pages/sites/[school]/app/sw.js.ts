import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { serviceWorkerResponse } from '../../../../server/app/site/handlers';

/** The school site's service worker (its scope the whole site): shows notifications, opens their posts. */
export const GET: APIRoute = ({ locals, params }) => serviceWorkerResponse(locals.runtime, decodeSegment(params.school));
