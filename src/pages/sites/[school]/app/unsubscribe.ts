import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { unsubscribeResponse } from '../../../../server/app/site/handlers';

/** The site's 'Turn off notifications': forgets this device's push subscription. */
export const POST: APIRoute = ({ locals, params, request }) => unsubscribeResponse(locals.runtime, decodeSegment(params.school), request);
