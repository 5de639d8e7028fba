import type { Config } from '../../../platform/config';
import { HELPDESK_PATHS } from '../helpdesk-contract';

/**
 * Where the support screens' helpdesk frames point: the portal's own helpdesk (/helpdesk/...), or
 * PORTAL_HELPDESK_URL's when set.
 */

export interface HelpdeskFrames {
  newTicket: string;
  /** A ticket's address with `{number}` in place of its number. */
  ticketTemplate: string;
  knowledgebase: string;
  /** The external helpdesk's origin, which the pages' CSP must let them frame; null for the portal's own. */
  externalOrigin: string | null;
}

export function helpdeskFrames(config: Pick<Config, 'PORTAL_HELPDESK_URL'>): HelpdeskFrames {
  const external = config.PORTAL_HELPDESK_URL;
  if (!external) {
    return {
      newTicket: HELPDESK_PATHS.newTicket,
      ticketTemplate: `${HELPDESK_PATHS.base}/tickets/{number}`,
      knowledgebase: HELPDESK_PATHS.knowledgebase,
      externalOrigin: null,
    };
  }
  return {
    newTicket: `${external}/new`,
    ticketTemplate: `${external}/tickets/{number}`,
    knowledgebase: `${external}/knowledgebase`,
    externalOrigin: new URL(external).origin,
  };
}
