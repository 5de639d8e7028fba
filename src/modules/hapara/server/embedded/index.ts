import { z } from 'zod';
import type { PortalModule } from '../../../../platform/module/module';
import { haparaCalls } from '../../contract';
import { defineJob } from '../../../../platform/jobs';
import * as m0017 from './migrations/0017_hapara';
import * as m0029 from './migrations/0029_hapara_list_versions';
import { HAPARA_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedHaparaBackend } from './backend';
import { REQUEST_MAIL_JOB, sendRequestMail } from './requests/mail';
import { haparaCommands } from './commands';
import { seedDemoHapara } from './seed';
import './schema';
import type { HaparaBackend } from '../backend';

/** Learning in the Cloud: students, classes, leavers and status; every change a request the provider verifies. */
export const haparaModule: PortalModule<HaparaBackend> = {
  name: 'hapara',
  backend: embeddedHaparaBackend,
  calls: haparaCalls,
  mountApi(api) {
    mountEmbedded(api, HAPARA_ROUTES, embeddedHaparaBackend);
  },
  migrations: { '0017_hapara': m0017, '0029_hapara_list_versions': m0029 },
  jobs: {
    // The requester's email once the provider approves or rejects their change (src/modules/hapara/server/embedded/requests/mail.ts).
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
