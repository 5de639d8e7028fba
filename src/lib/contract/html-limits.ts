/**
 * The limits every piece of user HTML has (posts, pages, imports, changelog texts) and what an
 * author is told beyond them. Dependency-free, so contracts and islands can use them; the
 * server checks them (src/platform/html/html-limits.ts, where the figures behind them are explained).
 */

/** Characters (UTF-16 code units, as zod and String#length count them). */
export const MAX_HTML_LENGTH = 250_000;
/** Open elements inside one another. */
export const MAX_HTML_DEPTH = 256;
/** Start tags, void ones included. */
export const MAX_HTML_ELEMENTS = 10_000;

export type HtmlLimitReason = 'length' | 'depth' | 'elements';

/** 250000 -> '250,000' (not toLocaleString: the same text whatever the runtime's locale data). */
const format = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What a refused author is told: safe to show, and says what to do. */
export const HTML_LIMIT_MESSAGES: Readonly<Record<HtmlLimitReason, string>> = {
  length: `The content is too large (more than ${format(MAX_HTML_LENGTH)} characters). Please shorten it or split it up.`,
  depth: `The content is nested too deeply (more than ${MAX_HTML_DEPTH} levels). Please simplify its formatting.`,
  elements: `The content has too many elements (more than ${format(MAX_HTML_ELEMENTS)} tags). Please simplify its formatting or split it up.`,
};
