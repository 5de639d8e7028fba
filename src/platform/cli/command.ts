import type { Runtime } from '../runtime';
import { Refusal } from '../errors';

/** A mistake in how the command was called (a Refusal, code usage): printed with the usage, exit code 2. */
export function usageError(message: string): Refusal {
  return new Refusal(400, 'usage', message);
}

export type Values = Record<string, string | undefined>;

/**
 * An operator command (`npm run portal -- <name> ...`): the shape every module's commands take.
 * The command line parses the arguments against `positionals` and `options`, then calls `run`.
 */
export interface Command {
  summary: string;
  usage: string;
  /** How many arguments come before the options: exactly, or [fewest, most]. */
  positionals: number | readonly [number, number];
  /** `--name VALUE`, or with `flag` a bare `--name` (its value then 'true' when given). */
  options: Record<string, { required?: boolean; flag?: boolean; description: string }>;
  run(runtime: Runtime, values: Values, positionals: string[], print: (line: string) => void): Promise<void>;
}
