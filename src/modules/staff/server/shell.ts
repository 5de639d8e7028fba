import type { ModuleShell } from '../../../platform/module/module-shell';

/** The staff lists as the shell knows them, whichever backend serves them: their product gates (their pages sit under App and Website). */
export const staffShell: ModuleShell = {
  name: 'staff',
  // Spec section 6: managing the app's list needs the app, the website's the website. The App and
  // Website modules gate their whole prefixes too; these say it here, for the screens and the calls alike.
  gates: [
    { prefix: '/app/managestaff', products: ['app'] },
    { prefix: '/app/manage/stafflist', products: ['app'] },
    { prefix: '/website/managestaff', products: ['website'] },
  ],
};
