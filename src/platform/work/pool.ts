import os from 'node:os';
import { Piscina } from 'piscina';
import { Refusal } from '../errors';
import { unsettle, type Task, type TaskMessage, type TaskOutcome } from './task';

/**
 * The process's work pool: worker threads (piscina) that run tasks (task.ts), so that the one
 * thread answering every school's requests only waits for them. Sized to leave a core to that
 * thread; a bounded queue behind it. One per process, started by the composition (the server, the
 * operator command, the test factory) with the worker's entry module, which knows every task.
 */

/** Tasks waiting for a thread beyond this many are refused: the per-school gates keep each school far below it. */
export const WORK_QUEUE_LIMIT = 64;
/** A task that grows a worker's heap past this ends that worker and fails, instead of the server's memory. */
const WORKER_HEAP_MB = 768;
/** An idle thread is kept this long: a burst of tasks does not pay a thread's start each time. */
const IDLE_MS = 60_000;

export const WORK_BUSY_MESSAGE = 'The server is busy with large tasks right now. Please try again in a minute.';

export interface WorkPoolOptions {
  /** The worker's entry module: its default export runs a TaskMessage and returns a TaskOutcome. */
  filename: URL;
  /** Node options of the threads (in source mode, the TypeScript loader). */
  execArgv?: string[];
  threads: number;
  /**
   * Start every thread now and keep it (the server: no request pays a thread's start); otherwise
   * threads start on demand and end after a minute idle (tests, the operator command).
   */
  warm?: boolean;
}

/** Threads when the operator sets none: every core but one, at least one. */
export function defaultWorkThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

let pool: Piscina<TaskMessage, TaskOutcome<unknown>> | undefined;
let inFlight = 0;

/** Starts the process's pool; a second call keeps the first pool. True when this call started it. */
export function startWorkPool(options: WorkPoolOptions): boolean {
  if (pool) return false;
  pool = new Piscina<TaskMessage, TaskOutcome<unknown>>({
    filename: options.filename.href,
    execArgv: options.execArgv ?? [],
    minThreads: options.warm ? options.threads : 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_MS,
    maxQueue: WORK_QUEUE_LIMIT,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return true;
}

/** Ends the threads once their tasks are done (shutdown, the end of a test file). */
export async function stopWorkPool(): Promise<void> {
  const ending = pool;
  pool = undefined;
  await ending?.close();
}

/** Tasks handed to the pool and not yet answered, running or waiting for a thread (the bench, the metrics, tests). */
export function workTasksInFlight(): number {
  return inFlight;
}

/**
 * Runs `task` on a worker thread and returns its result; a Refusal the task throws is thrown
 * here again. A full queue is a 429 (the server as a whole is saturated); a task that ran out of
 * memory or crashed its thread is an error like any other.
 */
export async function runTask<Input, Output>(task: Task<Input, Output>, input: Input): Promise<Output> {
  if (!pool) throw new Error(`The work pool is not started: task ${task.name} cannot run.`);
  let outcome: TaskOutcome<unknown>;
  inFlight += 1;
  try {
    outcome = await pool.run({ name: task.name, input });
  } catch (error) {
    // piscina tells a full queue by its message only.
    if (error instanceof Error && error.message === 'Task queue is at limit') throw new Refusal(429, 'busy', WORK_BUSY_MESSAGE);
    throw error;
  } finally {
    inFlight -= 1;
  }
  return unsettle(outcome) as Output;
}
