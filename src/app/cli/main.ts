/**
 * Operator command: `npm run portal -- <command> [options]`. Exit codes: 0 done, 1 the
 * configuration or the system failed, 2 the command was called wrongly or refused its input
 * (nothing was changed).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { isConfigError, parseConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db';
import { dkimSettings } from '../../platform/mail';
import { migrateAll, startPortalWorkPool } from '../process';
import { stopWorkPool } from '../../platform/work/pool';
import { systemClock } from '../../platform/clock';
import { isRefusal, Refusal } from '../../platform/errors';
import { COMMANDS, usageError, type Command } from './commands';
import { checkUpstream, upstreamSettings } from '../../platform/upstream/settings';

function help(): string {
  const lines = ['Usage: npm run portal -- <command> [options]', '', 'Commands:'];
  for (const [name, command] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(18)} ${command.summary}`);
  lines.push(
    '',
    'Run `npm run portal -- <command> --help` for its options.',
    `The database is the server's: PORTAL_DATA_DIR (default ./data) or DATABASE_URL. A command refuses`,
    'to start a new SQLite database unless given --create (boot, which the server runs, always may).',
  );
  return lines.join('\n');
}

function commandHelp(command: Command): string {
  const lines = [`Usage: npm run portal -- ${command.usage}`, '', command.summary];
  const options = Object.entries(command.options);
  if (options.length) {
    lines.push('', 'Options:');
    for (const [name, o] of options) lines.push(`  --${name.padEnd(12)} ${o.description}${o.required ? ' (required)' : ''}`);
  }
  return lines.join('\n');
}

function parse(command: Command, args: string[]) {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, o]) => [name, { type: o.flag ? ('boolean' as const) : ('string' as const) }]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw usageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.values.help) return { help: true as const };
  const given = parsed.values as Record<string, string | boolean | undefined>;
  const [fewest, most] = typeof command.positionals === 'number' ? [command.positionals, command.positionals] : command.positionals;
  if (parsed.positionals.length < fewest || parsed.positionals.length > most) {
    throw usageError(`Expected ${fewest === most ? fewest : `${fewest} to ${most}`} argument(s) before the options, got ${parsed.positionals.length}.`);
  }
  for (const [name, o] of Object.entries(command.options)) {
    if (o.required && given[name] === undefined) throw usageError(`Missing --${name}.`);
  }
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(command.options)) {
    const value = given[name];
    values[name] = typeof value === 'string' ? value : value === true ? 'true' : undefined;
  }
  return { help: false as const, values, positionals: parsed.positionals };
}

const CREATE_FLAG = '--create';

/** Which database a command opens, for the operator: the SQLite file, or PostgreSQL's host and database (never the password). */
function describeDatabase(config: { DATABASE_URL?: string | undefined; databaseFile: string }): string {
  if (!config.DATABASE_URL) return `${config.databaseFile} (SQLite)`;
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

export async function main(argv: string[], print: (line: string) => void = console.log, printError = console.error): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    print(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    printError(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  // --create: any command may start a new SQLite database; without it only boot does.
  const create = rest.includes(CREATE_FLAG) || name === 'boot';
  let db;
  // The operator command starts the pool for its own run; in-process callers (tests) may have one running already.
  let ownPool = false;
  try {
    const args = parse(
      command,
      rest.filter((arg) => arg !== CREATE_FLAG),
    );
    if (args.help) {
      print(commandHelp(command));
      return 0;
    }
    const config = parseConfig(process.env);
    if (config.PORTAL_BACKEND === 'upstream') {
      // Upstream mode keeps no database: boot only checks that the legacy backend answers.
      if (name !== 'boot') {
        printError('PORTAL_BACKEND is upstream: the operator commands act on the embedded backend, which this portal does not use.');
        return 2;
      }
      await checkUpstream(upstreamSettings(config));
      print(`Upstream mode: the portal fronts ${config.PORTAL_UPSTREAM_URL}.`);
      return 0;
    }
    if (!config.DATABASE_URL && !create && !fs.existsSync(config.databaseFile)) {
      printError(
        `No database at ${config.databaseFile}: the portal has never run with this data directory. ` +
          "Set PORTAL_DATA_DIR to the server's data directory (or DATABASE_URL to its database), or add --create to start a new database there.",
      );
      return 2;
    }
    printError(`Database: ${describeDatabase(config)}`);
    // The DKIM key is read and checked before anything starts: a bad key stops here, not at the first send.
    const dkim = dkimSettings(config);
    if (dkim && name === 'boot') printError(`Mail: DKIM-signed for ${dkim.domainName} (selector ${dkim.keySelector}).`);
    db = openDatabase(config);
    const runtime = { config, db, clock: systemClock };
    // Operator commands may run before the server ever started: bring the schema up first.
    if (name !== 'boot') await migrateAll(db);
    ownPool = startPortalWorkPool(config);
    await command.run(runtime, args.values, args.positionals, print);
    return 0;
  } catch (err) {
    if (isRefusal(err, 'usage')) {
      printError(`${err.message}\n\n${commandHelp(command)}`);
      return 2;
    }
    // Before any other Refusal: a configuration the command cannot run with exits with 1.
    if (isConfigError(err)) {
      printError(err.message);
      return 1;
    }
    if (err instanceof ZodError) {
      printError(err.issues[0]?.message ?? 'Invalid input.');
      return 2;
    }
    if (err instanceof Refusal) {
      printError(err.message);
      return 2;
    }
    printError(`Failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    if (ownPool) await stopWorkPool();
    await db?.destroy();
  }
}

// Run when invoked as a script (not when imported by tests).
if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
