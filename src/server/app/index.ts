import { z } from 'zod';
import type { PortalModule } from '../module';
import { appCalls } from '../../contracts/app';
import { defineJob } from '../jobs';
import * as m0020 from './migrations/0020_app_push';
import { appSendRoutes } from './send/routes';
import { deliverNotification, PUSH_PURGE_JOB, PUSH_SEND_JOB, purgeOldDeliveries } from './push/deliver';
import './schema';

/**
 * App: notifications (Send Notification: a post of the website, pushed to the devices that
 * allowed notifications on the school's public site, src/server/app/site) and the app's staff list.
 */
export const appModule: PortalModule = {
  name: 'app',
  calls: appCalls,
  mountApi(api) {
    api.route('/', appSendRoutes);
  },
  migrations: { '0020_app_push': m0020 },
  jobs: {
    // A sent notification's pushes (src/server/app/push/deliver.ts).
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
