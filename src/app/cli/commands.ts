import { prepareDatabase } from '../process';
import { sendTestMail } from './mail-test';
import { MODULE_COMMANDS } from '../modules';
import type { Command } from '../../platform/cli/command';

export { usageError, type Command } from '../../platform/cli/command';

/** `boot` (what `npm start` runs first), then every module's commands. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  boot: {
    summary: 'Migrate the database and seed the demo school if it is empty (npm start runs this).',
    usage: 'boot',
    positionals: 0,
    options: {},
    run: (runtime, _v, _p, print) => prepareDatabase(runtime, print),
  },
  'mail-test': {
    summary: 'Send a test message through the mail settings (MAIL_URL, PORTAL_MAIL_FROM, DKIM) and say what the server answered.',
    usage: 'mail-test --to ADDRESS',
    positionals: 0,
    options: { to: { required: true, description: 'who gets it (your own address)' } },
    run: (runtime, values, _p, print) => sendTestMail(runtime, values.to ?? '', print),
  },
  ...MODULE_COMMANDS,
};
