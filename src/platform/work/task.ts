import { Refusal, type RefusalCode, type RefusalStatus } from '../errors';

/**
 * Work whose cost grows with its input (sanitising and rendering a newsletter, parsing a CSV
 * file) is a task: a pure function of structured-cloneable input, run on the work pool's threads
 * (pool.ts) so that one school's big document never holds the thread every other school's
 * requests are answered on. A module defines its tasks in a file that imports no database, mail
 * or HTTP code (the worker threads load it), and calls them with `runTask(task, input)`.
 */
export interface Task<Input, Output> {
  /** Unique across the process: `<module>.<what>`. */
  readonly name: string;
  readonly run: (input: Input) => Output | Promise<Output>;
}

export function defineTask<Input, Output>(name: string, run: (input: Input) => Output | Promise<Output>): Task<Input, Output> {
  return { name, run };
}

/** A Refusal as data: what of it crosses a thread boundary. */
interface RefusalData {
  status: RefusalStatus;
  code: RefusalCode;
  message: string;
  field?: string;
}

/** What crosses back from a worker thread: errors lose their class on the way, so a refusal travels as data. */
export type TaskOutcome<Output> = { ok: true; value: Output } | { ok: false; refusal: RefusalData };

/** What a worker thread receives. */
export interface TaskMessage {
  name: string;
  input: unknown;
}

/** Runs a task where it is (a worker thread, or inline) and settles a Refusal into data. */
export async function settle<Output>(task: Task<unknown, Output>, input: unknown): Promise<TaskOutcome<Output>> {
  try {
    return { ok: true, value: await task.run(input) };
  } catch (error) {
    if (error instanceof Refusal) {
      const { status, code, message, field } = error;
      return { ok: false, refusal: { status, code, message, ...(field === undefined ? {} : { field }) } };
    }
    throw error;
  }
}

/** The outcome back on the calling thread: the value, or the same Refusal thrown again. */
export function unsettle<Output>(outcome: TaskOutcome<Output>): Output {
  if (outcome.ok) return outcome.value;
  const { status, code, message, field } = outcome.refusal;
  throw new Refusal(status, code, message, field);
}
