import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { pushKeyResponse } from '../../../../server/app/site/handlers';

/** The VAPID public key the site's 'Get notifications' subscribes with. */
export const GET: APIRoute = ({ locals, params }) => pushKeyResponse(locals.runtime, decodeSegment(params.school));
