import type sanitizeHtml from 'sanitize-html';
import { TEXT_STYLES, TEXT_TAGS } from '../../../../builder-contract';
import { sanitizeWithinLimits } from '../../../../../../platform/html/html';

/**
 * A text block's HTML as the email carries it: only what the in-place toolbar makes (TEXT_TAGS,
 * the TEXT_STYLES with plain values, `href` on links to http, https or mailto). Anything else
 * goes: scripts and styles with their content, other tags leaving their text, event handlers,
 * classes, javascript: links.
 */

const STYLE_VALUES: Record<(typeof TEXT_STYLES)[number], RegExp[]> = {
  color: [/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i],
  'font-size': [/^\d{1,2}(?:\.\d+)?px$/],
  'text-align': [/^(?:left|center|right|justify)$/],
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS],
  allowedAttributes: { '*': ['style'], a: ['href', 'style'] },
  allowedStyles: { '*': STYLE_VALUES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
};

/** Throws the limit's Refusal for HTML beyond the limits every user HTML has (html-limits.ts). */
export function sanitizeText(html: string): string {
  return sanitizeWithinLimits(html, TEXT_OPTIONS);
}
