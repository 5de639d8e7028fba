import { main } from '../../src/server/cli/main';

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
  const code = await main(argv, (line) => out.push(line), (line) => err.push(line));
  return { code, out: out.join('\n'), err: err.join('\n') };
}
