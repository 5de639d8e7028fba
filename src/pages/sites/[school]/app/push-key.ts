import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { pushKeyResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The VAPID public key the site's 'Get notifications' subscribes with. */
export const GET: APIRoute = ({ locals, params }) => pushKeyResponse(embeddedRuntime(locals), decodeSegment(params.school));
