import { z } from 'zod';
import type { PortalModule } from '../../../../platform/module/module';
import { appCalls } from '../../contract';
import { defineJob } from '../../../../platform/jobs';
import * as m0020 from './migrations/0020_app_push';
import { APP_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedAppBackend } from './backend';
import { deliverNotification, PUSH_PURGE_JOB, PUSH_SEND_JOB, purgeOldDeliveries } from './push/deliver';
import './schema';
import type { AppBackend } from '../backend';

/**
 * App: notifications (Send Notification: a post of the website, pushed to the devices that
 * allowed notifications on the school's public site, src/modules/app/server/embedded/site) and the app's staff list.
 */
export const appModule: PortalModule<AppBackend> = {
  name: 'app',
  backend: embeddedAppBackend,
  calls: appCalls,
  mountApi(api) {
    mountEmbedded(api, APP_ROUTES, embeddedAppBackend);
  },
  migrations: { '0020_app_push': m0020 },
  jobs: {
    // A sent notification's pushes (src/modules/app/server/embedded/push/deliver.ts).
    [PUSH_SEND_JOB]: defineJob({
      payload: z.object({ notificationId: z.number().int().positive() }),
      run: (rt, { notificationId }) => deliverNotification(rt, notificationId),
    }),
    [PUSH_PURGE_JOB]: defineJob({
      run: async (rt) => {
        await purgeOldDeliveries(rt);
      },
    }),
  },
  schedules: [{ name: PUSH_PURGE_JOB, everySeconds: 24 * 60 * 60 }],
};
