import { prepareDatabase } from '../process';
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
  ...MODULE_COMMANDS,
};
