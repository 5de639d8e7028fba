import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { unsubscribeResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The site's 'Turn off notifications': forgets this device's push subscription. */
export const POST: APIRoute = ({ locals, params, request }) => unsubscribeResponse(embeddedRuntime(locals), decodeSegment(params.school), request);
