import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { newsletterCalls } from '../../contract';
import { MAILING_LIST_ROUTES } from '../routes/members';
import { membersOnce, upstreamNewsletterBackend } from './backend';
import type { NewsletterBackend } from '../backend';

const calls = newsletterCalls;

/** The newsletter module against the provider's legacy backend (upstream mode): the mailing list, without CSV import or export. */
export const newsletterUpstream: UpstreamModule<NewsletterBackend> = {
  name: 'newsletter',
  backend: upstreamNewsletterBackend,
  mountApi(api) {
    // Sending, the sends and the builder are the embedded backend's own: their routes are not mounted.
    mountUpstream(api, MAILING_LIST_ROUTES, upstreamNewsletterBackend, { calls: [calls.members, calls.membersPage, calls.addMember, calls.deleteMember] });
  },
  capabilities: [],
  pages: ['/newsletter/manage/list'],
  // Whatever page and search the address asks, the screen cuts it from the whole list.
  warmups: { '/newsletter/manage/list': (up) => membersOnce(up) },
};
