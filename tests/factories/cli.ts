import { afterAll, beforeAll } from 'vitest';
import { main } from '../../src/app/cli/main';
import type { Runtime } from '../../src/platform/runtime';
import type { TestContext } from './runtime';

/** What one run of the operator command printed, and its exit code. */
export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Runs the operator command in-process (`npm run portal -- ...argv`) with the environment as it is. */
export async function runCommand(...argv: string[]): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * The operator command reads its settings from the environment: `names` are cleared before the
 * file's tests and put back as they were after them, so the caller's shell never leaks in.
 */
export function useCleanEnv(names: readonly string[]): void {
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  beforeAll(() => {
    for (const name of names) delete process.env[name];
  });
  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

/**
 * The runtime a command's jobs run on in a test: the context's, mailing through `mailUrl` from
 * `from`, on the system clock (the command enqueues by it, so its jobs are due by it).
 */
export function commandJobRuntime(ctx: TestContext, mailUrl: string, from: string): Runtime {
  return {
    ...ctx.runtime,
    clock: () => Math.floor(Date.now() / 1000) + 1,
    config: { ...ctx.runtime.config, MAIL_URL: mailUrl, PORTAL_MAIL_FROM: from },
  };
}
