/**
 * Counts of the HTML parsing a piece of code does, for tests that prove work is bounded without a
 * clock (a loaded machine makes any wall-clock bound flaky; `npm run bench -- --sections limits`
 * keeps the figures). A test file installs the counters with vi.mock, then reads `parsing`:
 *
 *   vi.mock('htmlparser2', async (original) => (await import('../factories/parsing')).countingHtmlparser2(original));
 *   vi.mock('sanitize-html', async (original) => (await import('../factories/parsing')).countingSanitizeHtml(original));
 *
 * Only the code vitest loads sees them: the portal's own imports in this thread, not sanitize-html's
 * own parser (a CommonJS require) nor the work pool's threads.
 */
import type { Handler, Parser, ParserOptions } from 'htmlparser2';
import type sanitizeHtml from 'sanitize-html';

/** One sanitize-html run: its input, and what its parser opened. */
export interface SanitizeRun {
  input: string;
  /** Start tags the parser handed to the sanitiser. */
  elements: number;
  /** The most elements open at once. */
  depth: number;
  /** Calls of an exclusiveFilter (per element, each able to cut the output back). */
  filterCalls: number;
}

export const parsing = {
  /** Start tags seen by each htmlparser2 Parser the portal made, in order. */
  parses: [] as number[],
  sanitized: [] as SanitizeRun[],
  reset(): void {
    this.parses = [];
    this.sanitized = [];
  },
};

type Htmlparser2 = typeof import('htmlparser2');

/** htmlparser2 with every Parser counting the start tags it reports. */
export async function countingHtmlparser2(original: () => Promise<Htmlparser2>): Promise<Htmlparser2> {
  const real = await original();
  class CountingParser extends real.Parser {
    constructor(cbs?: Partial<Handler> | null, options?: ParserOptions) {
      const index = parsing.parses.push(0) - 1;
      super(
        {
          ...cbs,
          onopentag(...args: Parameters<Handler['onopentag']>) {
            parsing.parses[index] = (parsing.parses[index] ?? 0) + 1;
            cbs?.onopentag?.(...args);
          },
        },
        options,
      );
    }
  }
  return { ...real, Parser: CountingParser as typeof Parser };
}

type SanitizeHtml = typeof sanitizeHtml;

/** sanitize-html recording each run (its input and what its parser opened), its behaviour unchanged. */
export async function countingSanitizeHtml(original: () => Promise<{ default: SanitizeHtml }>): Promise<{ default: SanitizeHtml }> {
  const real = (await original()).default;
  const counting = (html: string, options?: sanitizeHtml.IOptions): string => {
    const run: SanitizeRun = { input: html, elements: 0, depth: 0, filterCalls: 0 };
    parsing.sanitized.push(run);
    let open = 0;
    const filter = options?.exclusiveFilter;
    return real(html, {
      ...options,
      onOpenTag(name, attribs) {
        run.elements += 1;
        open += 1;
        run.depth = Math.max(run.depth, open);
        options?.onOpenTag?.(name, attribs);
      },
      onCloseTag(name, isImplied) {
        open -= 1;
        options?.onCloseTag?.(name, isImplied);
      },
      ...(filter
        ? {
            exclusiveFilter(frame: sanitizeHtml.IFrame) {
              run.filterCalls += 1;
              return filter(frame);
            },
          }
        : {}),
    });
  };
  return { default: Object.assign(counting, real) };
}
