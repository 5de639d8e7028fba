import { prepareDatabase } from '../process';
import { sendTestMail } from './mail-test';
import { backup } from './backup';
import { installAdvice } from './install-advice';
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
    async run(runtime, _v, _p, print) {
      await prepareDatabase(runtime, print);
      // Once per start (boot), not again when the server process wires its runtime.
      for (const line of await installAdvice(runtime)) print(line);
    },
  },
  'mail-test': {
    summary: 'Send a test message through the mail settings (MAIL_URL, PORTAL_MAIL_FROM, DKIM) and say what the server answered.',
    usage: 'mail-test --to ADDRESS',
    positionals: 0,
    options: { to: { required: true, description: 'who gets it (your own address)' } },
    run: (runtime, values, _p, print) => sendTestMail(runtime, values.to ?? '', print),
  },
  backup: {
    summary: 'Copy the database (SQLite, while the portal runs) and the uploaded files into a new folder.',
    usage: 'backup --to DIR',
    positionals: 0,
    options: { to: { required: true, description: 'a new or empty folder' } },
    run: (runtime, values, _p, print) => backup(runtime, values.to ?? '', print),
  },
  ...MODULE_COMMANDS,
};
