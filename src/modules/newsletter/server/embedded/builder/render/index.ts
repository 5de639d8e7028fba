import type { Build, FrameBlocks } from '../../../../builder-contract';
import { buildMjml } from './mjml';
import { sanitizeFrame } from './sanitize-frame';

/**
 * The email a build makes: `html` is the whole document as sent (less each recipient's
 * unsubscribe link), `text` its plain-text alternative, `bytes` the HTML's UTF-8 size (Gmail
 * clips past GMAIL_CLIP_BYTES). `frame` is the school's header and footer (service.ts
 * `builderFrame`): its HTML sanitised here like any HTML, or its blocks rendered as a build's; `preheader` the inbox preview line (the first
 * words of the blocks' text when not given).
 *
 * MJML 5 renders it (mjml.ts: the build as MJML; blocks.ts: each block's HTML): a 600 px table
 * layout with inline styles, Outlook's ghost tables, and columns that stack under 480 px. The
 * render reads nothing (no includes, no fonts to fetch) and keeps nothing between calls.
 */
export interface RenderedEmail {
  html: string;
  text: string;
  bytes: number;
}

/** MJML that fails validation is this renderer's bug, never the user's: a plain Error (a 500, logged). */
function mjmlRefused(details: readonly string[]): Error {
  return new Error(`MJML refused the rendered build: ${details.join('; ')}`);
}

/**
 * MJML indents its output: a line's leading white space is dropped (white space that holds a
 * newline renders as one space, and a newline is kept), about a third of the bytes, which
 * counts against Gmail's clipping limit. No <pre> or <textarea> reaches an email.
 */
function compact(html: string): string {
  return html.replace(/\n[ \t\r\n]+/g, '\n');
}

export async function renderEmail(
  build: Build,
  frame: { header: string; footer: string; blocks?: FrameBlocks | null },
  options: { preheader?: string } = {},
): Promise<RenderedEmail> {
  // A frame of blocks renders as blocks (each sanitised as a build's are); its HTML strings are not read.
  const strings = frame.blocks ? { header: '', footer: '' } : { header: sanitizeFrame(frame.header), footer: sanitizeFrame(frame.footer) };
  const source = buildMjml(build, { ...strings, blocks: frame.blocks ?? null }, options.preheader);
  // Loaded on the first render only (MJML is large): a server that never builds a newsletter does not hold it.
  const { default: mjml2html } = await import('mjml');
  let result;
  try {
    result = await mjml2html(source.mjml, { validationLevel: 'strict', keepComments: false, ignoreIncludes: true, fonts: {} });
  } catch (error) {
    const details = (error as { errors?: Array<{ formattedMessage?: string; message?: string }> }).errors;
    if (details) throw mjmlRefused(details.map((e) => e.formattedMessage ?? e.message ?? String(e)));
    throw error;
  }
  if (result.errors.length) throw mjmlRefused(result.errors.map((e) => e.formattedMessage));
  // The preview line goes first in the body, outside the article MJML wraps the email in.
  const html = compact(result.html).replace(/<body[^>]*>/i, (body) => `${body}${source.preview}`);
  return { html, text: source.text, bytes: Buffer.byteLength(html) };
}
