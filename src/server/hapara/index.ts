import { z } from 'zod';
import type { PortalModule } from '../module';
import { haparaCalls } from '../../contracts/hapara';
import { defineJob } from '../jobs';
import * as m0017 from './migrations/0017_hapara';
import { haparaStudentRoutes } from './students/routes';
import { haparaClassRoutes } from './classes/routes';
import { haparaLeaverRoutes } from './leavers/routes';
import { haparaStatusRoutes } from './status/routes';
import { REQUEST_MAIL_JOB, sendRequestMail } from './requests/mail';
import { haparaCommands } from './commands';
import { seedDemoHapara } from './seed';
import './schema';

/** Learning in the Cloud: students, classes, leavers and status; every change a request the provider verifies. */
export const haparaModule: PortalModule = {
  name: 'hapara',
  calls: haparaCalls,
  mountApi(api) {
    api.route('/', haparaStudentRoutes);
    api.route('/', haparaClassRoutes);
    api.route('/', haparaLeaverRoutes);
    api.route('/', haparaStatusRoutes);
  },
  migrations: { '0017_hapara': m0017 },
  jobs: {
    // The requester's email once the provider approves or rejects their change (src/server/hapara/requests/mail.ts).
    [REQUEST_MAIL_JOB]: defineJob({
      payload: z.object({ requestId: z.number().int().positive() }),
      run: (rt, { requestId }) => sendRequestMail(rt, requestId),
    }),
  },
  commands: haparaCommands,
  async seedDemo(db, school, now) {
    await seedDemoHapara(db, school, now);
  },
};
