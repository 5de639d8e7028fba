import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { manifestResponse } from '../../../../server/app/site/handlers';

/** The school site's web app manifest (an installable site), when the school has the App. */
export const GET: APIRoute = ({ locals, params }) => manifestResponse(locals.runtime, decodeSegment(params.school));
