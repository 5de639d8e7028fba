import type { Command } from '../../../../platform/cli/command';
import { requestsCommand, rosterExportCommand } from './requests/command';

/** The provider's Learning in the Cloud commands: verifying the schools' change requests, exporting rosters. */
export const haparaCommands: Record<string, Command> = {
  requests: requestsCommand,
  'roster-export': rosterExportCommand,
};
