import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { manifestResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The school site's web app manifest (an installable site), when the school has the App. */
export const GET: APIRoute = ({ locals, params }) => manifestResponse(embeddedRuntime(locals), decodeSegment(params.school));
