/** The app's port (../backend.ts) on the embedded backend: the school's notifications in its database, pushed by its jobs. */
import type { RequestContext } from '../../../../platform/context';
import type { Runtime } from '../../../../platform/runtime';
import { sitesAddress } from '../../../../platform/http/link-addresses';
import type { AppBackend } from '../backend';
import * as sends from './send/service';

export function embeddedAppBackend(ctx: RequestContext, runtime: Runtime): AppBackend {
  return {
    hasWebsite: () => sends.hasWebsite(ctx),
    listSendPosts: (query) => sends.listSendPosts(ctx, query),
    listSentNotifications: (query) => sends.listSentNotifications(ctx, query),
    // The notification opens the post on the public site, at its configured address.
    sendNotification: (input) => sends.sendNotification(ctx, input, sitesAddress(runtime.config)),
  };
}
