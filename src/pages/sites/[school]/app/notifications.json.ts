import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../components/site/site-dates';
import { feedResponse } from '../../../../server/app/site/handlers';

/** The school's sent notifications, newest first, for any native app (JSON Feed 1.1). */
export const GET: APIRoute = ({ locals, params, url }) => feedResponse(locals.runtime, decodeSegment(params.school), url);
