import { Parser } from 'htmlparser2';

/**
 * The shape of some HTML (nesting depth, element count) as sanitize-html builds it, measured with
 * the parser sanitize-html itself runs (htmlparser2, same options), so the two can never
 * disagree about what is open. It builds nothing and stops at the first tag beyond a bound, so
 * it costs at most (bound) tags of parsing: the limits of html-limits.ts are checked with it
 * before the HTML reaches the sanitiser, whose own cost grows with the depth for every tag.
 */

export interface HtmlShape {
  /** The most elements open at once (void elements, closed at once, do not count). */
  depth: number;
  /** Start tags seen, void ones included. */
  elements: number;
}

/** htmlparser2's void elements: opened and closed at once, never holding anything. */
const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/**
 * sanitize-html re-sanitises the text of a discarded <iframe> (raw text to the parser) as HTML,
 * continuing from the iframe's depth, up to this many iframes deep (its MAX_IFRAME_FALLBACK_DEPTH).
 */
const IFRAME_FALLBACK_LEVELS = 8;

interface Tally {
  depth: number;
  elements: number;
  /** A bound was passed: every parser of the scan (an iframe's text has its own) stops and counts no more. */
  passed: boolean;
  readonly maxDepth: number;
  readonly maxElements: number;
}

function scan(html: string, tally: Tally, baseDepth: number, fallbackLevel: number): void {
  let open = baseDepth;
  let iframeText: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        if (tally.passed) return;
        tally.elements += 1;
        if (!VOID_ELEMENTS.has(name)) tally.depth = Math.max(tally.depth, open + 1);
        open += 1;
        if (name === 'iframe') iframeText = '';
        if (tally.depth > tally.maxDepth || tally.elements > tally.maxElements) stop();
      },
      ontext(text) {
        if (iframeText !== null) iframeText += text;
      },
      onclosetag(name) {
        if (tally.passed) return;
        open -= 1;
        if (name === 'iframe' && iframeText !== null) {
          const text = iframeText;
          iframeText = null;
          // Counted as if discarded: an allowed iframe's text is only escaped, which costs less.
          if (fallbackLevel < IFRAME_FALLBACK_LEVELS && text.includes('<')) scan(text, tally, open + 1, fallbackLevel + 1);
          if (tally.passed) stop();
        }
      },
    },
    // sanitize-html's parser options (its default: decodeEntities).
    { decodeEntities: true },
  );
  // Pausing stops the tokenizer where it is: the rest of the HTML is never parsed (end() then finishes nothing).
  const stop = () => {
    tally.passed = true;
    parser.pause();
  };
  parser.end(html);
}

export function measureHtml(html: string, stopAbove?: { depth: number; elements: number }): HtmlShape {
  const tally: Tally = {
    depth: 0,
    elements: 0,
    maxDepth: stopAbove?.depth ?? Number.POSITIVE_INFINITY,
    maxElements: stopAbove?.elements ?? Number.POSITIVE_INFINITY,
    passed: false,
  };
  scan(html, tally, 0, 0);
  return { depth: tally.depth, elements: tally.elements };
}
