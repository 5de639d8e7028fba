import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { supportCalls } from '../../contract';
import { supportHelpdeskCalls } from '../../helpdesk-contract';
import { SUPPORT_PATHS } from '../../rules';
import { SUPPORT_ROUTES } from '../routes';
import type { Config } from '../../../../platform/config';
import { ticketsOnce, updatesOnce, upstreamSupportBackend } from './backend';
import type { SupportBackend } from '../backend';

const hasExternalHelpdesk = (config: Config) => config.PORTAL_HELPDESK_URL !== undefined;

/** The support module against the provider's legacy backend (upstream mode): updates, changelog, the tickets list. */
export const supportUpstream: UpstreamModule<SupportBackend> = {
  name: 'support',
  backend: upstreamSupportBackend,
  mountApi(api) {
    // No service status, threads, new tickets or knowledgebase: the legacy backend has none.
    mountUpstream(api, SUPPORT_ROUTES, upstreamSupportBackend, { calls: [supportCalls.updates, supportCalls.changelog, supportHelpdeskCalls.tickets] });
  },
  // No 'support.helpdesk' or 'support.knowledgebase': the legacy backend has no threads, new tickets or articles.
  capabilities: [],
  // The support screens upstream mode can show (/home is the shell's own).
  pages: [SUPPORT_PATHS.tickets],
  // An external helpdesk (PORTAL_HELPDESK_URL) serves these screens' frames itself, whichever backend the portal has.
  pagesWith: { [SUPPORT_PATHS.newTicket]: hasExternalHelpdesk, [SUPPORT_PATHS.knowledgebase]: hasExternalHelpdesk },
  warmups: { '/home': updatesOnce, [SUPPORT_PATHS.tickets]: ticketsOnce },
};
