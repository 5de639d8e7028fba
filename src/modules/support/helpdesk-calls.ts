/**
 * The helpdesk's calls (Support: My Tickets is the spec's `GET /api/support/tickets`; the thread,
 * new ticket, reply, status and the knowledgebase's search are the frames'). The schemas join them
 * in `supportHelpdeskCalls` (./support-helpdesk.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { supportHelpdeskCalls } from './helpdesk-contract';
import { SUPPORT_HELPDESK_ENDPOINTS } from './helpdesk-endpoints';

export const helpdeskApi = typedEndpoints<typeof supportHelpdeskCalls>(SUPPORT_HELPDESK_ENDPOINTS);

export { SUPPORT_HELPDESK_ENDPOINTS };
