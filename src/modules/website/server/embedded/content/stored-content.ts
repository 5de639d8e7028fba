import { checkHtmlLimits, htmlLimitRefusal } from '../../../../../platform/html/html-limits';
import { runTask } from '../../../../../platform/work/pool';
import { sanitizeContentTask } from './tasks';

/**
 * Content as it is stored (a save) or shown (a draft, a preview): refused at once beyond the
 * size, depth or element limits (one linear pass, nothing parsed: 413 for the size, 400
 * otherwise), else sanitised on the work pool, before any transaction opens (inside one it would
 * also hold the database).
 */
export async function storedContent(html: string): Promise<string> {
  const check = checkHtmlLimits(html);
  if (!check.ok) throw htmlLimitRefusal(check.reason);
  return runTask(sanitizeContentTask, html);
}
