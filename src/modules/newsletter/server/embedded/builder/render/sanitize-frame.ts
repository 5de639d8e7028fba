import type sanitizeHtml from 'sanitize-html';
import { TEXT_TAGS } from '../../../../builder-contract';
import { sanitizeWithinLimits } from '../../../../../../platform/html/html';

/**
 * The school's header and footer HTML (its name, logo, address) as the email carries it. The
 * school writes it, so it may use more than a text block (images, tables, most inline styles),
 * but it is still sanitised: what reaches every recipient must hold no script, no event handler
 * and no address other than http, https, mailto or the school's own site-relative ones.
 */

/** Any value of the listed properties that loads nothing: no url(), expression() or var(). */
const SAFE_VALUE = [/^(?![\s\S]*(?:url|expression|image-set|var|attr)\s*\()[-#\w\s.,%'"()!/]*$/i];
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'display',
  'width',
  'max-width',
  'height',
  'max-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
];

const FRAME_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, 'h4', 'h5', 'h6', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'hr', 'small', 'sup', 'sub', 'blockquote', 's', 'center'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'role', 'title'],
    a: ['href', 'style', 'title'],
    img: ['src', 'alt', 'width', 'height', 'style', 'border'],
    table: ['cellpadding', 'cellspacing', 'border', 'style', 'width', 'align', 'bgcolor', 'role'],
    td: ['colspan', 'rowspan', 'style', 'width', 'height', 'align', 'valign', 'bgcolor'],
    th: ['colspan', 'rowspan', 'style', 'width', 'height', 'align', 'valign', 'bgcolor'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((name) => [name, SAFE_VALUE])) },
  // Images load from the web only: no data: (Gmail drops them) and nothing else a client might fetch.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A logo wider than a phone shrinks to fit, inline because not every client keeps a <style>.
  transformTags: {
    // Once: a frame is cut when the school saves it and again at each render.
    img: (tagName, attribs) =>
      /max-width\s*:\s*100%/.test(attribs.style ?? '')
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, style: `${attribs.style ? `${attribs.style.replace(/;?\s*$/, '')};` : ''}max-width:100%;height:auto` } },
  },
};

/** Throws the limit's Refusal for HTML beyond the limits every user HTML has (html-limits.ts). */
export function sanitizeFrame(html: string): string {
  return sanitizeWithinLimits(html, FRAME_OPTIONS);
}
