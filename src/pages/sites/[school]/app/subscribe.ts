import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { subscribeResponse } from '../../../../server/app/site/handlers';

/** The site's 'Get notifications': keeps this device's push subscription for the school (public, rate-limited, checked). */
export const POST: APIRoute = ({ locals, params, request, clientAddress }) =>
  subscribeResponse(locals.runtime, decodeSegment(params.school), request, clientAddress);
