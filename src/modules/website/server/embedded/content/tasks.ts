import { defineTask } from '../../../../../platform/work/task';
import { sanitizeContent } from './sanitize';

/** Sanitising a post or page (up to a few hundred milliseconds at the limits): on the work pool (stored-content.ts). */
// The limits were checked before the task was sent; the sanitiser's own depth guard (a Refusal, carried back by the pool) is the backstop.
export const sanitizeContentTask = defineTask('website.sanitize-content', (html: string): string => sanitizeContent(html));
