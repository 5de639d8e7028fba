import { settle, type Task, type TaskMessage, type TaskOutcome } from '../platform/work/task';
import { cleanBuildTask, renderEmailTask } from '../modules/newsletter/server/embedded/builder/tasks';
import { planImportTask } from '../modules/newsletter/server/embedded/members/tasks';
import { readLeaversCsvTask } from '../modules/hapara/server/embedded/leavers/tasks';
import { sanitizeContentTask } from '../modules/website/server/embedded/content/tasks';

/**
 * The work pool's threads run this module (work/pool.ts): every module's tasks by name. It
 * imports only the modules' task files (pure work: no database, mail or HTTP), so a thread
 * starts small. `npm run build` bundles it beside the server (dist/server/work-entry.mjs);
 * from the sources it runs under tsx.
 */
const TASKS: ReadonlyArray<Task<never, unknown>> = [cleanBuildTask, renderEmailTask, planImportTask, readLeaversCsvTask, sanitizeContentTask];

const byName = new Map(TASKS.map((task) => [task.name, task as Task<unknown, unknown>]));

export default function runTaskMessage(message: TaskMessage): Promise<TaskOutcome<unknown>> {
  const task = byName.get(message.name);
  if (!task) throw new Error(`The work pool has no task named "${message.name}".`);
  return settle(task, message.input);
}
