import type { AttachmentBlock, BlockSettings, CellBlock, DividerBlock, ImageBlock, SpacerBlock, TextBlock } from '../../../../builder-contract';
import { attrs, colour, escapeAttribute, escapeText, px, safeUrl, style } from './html';
import { sanitizeText } from './sanitize-text';

/**
 * One function per block type: the HTML a block puts in the email, inside its box. The box is a
 * one-cell table (padding, border, radius and background on the cell, `bgcolor` too for Outlook),
 * so a block looks the same at the top level and in a column cell. The block's margin is the
 * vertical space MJML puts around the box (mjml.ts).
 *
 * `width` is the pixels the box has on a 600 px screen: images get their `width` attribute from
 * it (what Outlook draws; other clients shrink them with the screen).
 */

export interface Rendered {
  /** The box's HTML; '' when the block shows nothing in an email. */
  html: string;
  /** The block's content for the plain-text alternative (HTML, converted by text.ts). */
  text: string;
}

const NOTHING: Rendered = { html: '', text: '' };
const PLACEHOLDER_BACKGROUND = '#e9ecef';
const PLACEHOLDER_TEXT = '#4a5665';
const BUTTON_BACKGROUND = '#1a5ba6';

function paddingOf(settings: BlockSettings): string {
  const { top, right, bottom, left } = settings.padding;
  return `${px(top, 200)}px ${px(right, 200)}px ${px(bottom, 200)}px ${px(left, 200)}px`;
}

/** The pixels left for the content inside the box's padding and border (at least 1). */
export function innerWidth(settings: BlockSettings, width: number, withBorder = true): number {
  const border = withBorder ? 2 * px(settings.border, 20) : 0;
  return Math.max(1, width - border - px(settings.padding.left, 200) - px(settings.padding.right, 200));
}

/** The block's box around `content`; `withBorder` false for a divider, whose border is its line. */
function box(settings: BlockSettings, content: string, align: 'left' | 'center', withBorder = true): string {
  const background = colour(settings.backgroundColor);
  const borderColour = colour(settings.borderColor);
  const border = withBorder ? px(settings.border, 20) : 0;
  const radius = px(settings.borderRadius, 100);
  const tableStyle = style({ width: '100%', 'border-collapse': radius ? 'separate' : undefined });
  const cellStyle = style({
    padding: paddingOf(settings),
    border: border && borderColour ? `${border}px solid ${borderColour}` : undefined,
    'border-radius': radius ? `${radius}px` : undefined,
    'background-color': background || undefined,
  });
  return (
    `<table${attrs({ role: 'presentation', width: '100%', cellpadding: 0, cellspacing: 0, border: 0, style: tableStyle })}>` +
    `<tr><td${attrs({ align, bgcolor: background || undefined, style: cellStyle })}>${content}</td></tr></table>`
  );
}

export function textBlock(block: TextBlock): Rendered {
  const html = sanitizeText(block.data.html);
  return { html: box(block.settings, html, 'left'), text: html };
}

/**
 * A fixed height (settings.height > 0) with imageFit: `object-fit` on the <img> where the client
 * has it (Apple Mail, iOS, Outlook.com, Thunderbird, Gmail's apps); Outlook on Windows (Word)
 * gets a VML rectangle of the same size filled with the picture, `aspect` atleast (cover) or
 * atmost (contain), so it crops or letterboxes there too instead of stretching. A client with
 * neither draws the picture at the box's size. Without a fixed height the image keeps its own
 * proportions and the fit does not apply; its `height` attribute is then left out, because the
 * renderer does not know the picture's own size.
 */
export function imageBlock(block: ImageBlock, width: number): Rendered {
  const s = block.settings;
  const inner = innerWidth(s, width);
  const w = Math.max(1, Math.floor((inner * px(s.width, 100)) / 100));
  const h = px(s.height);
  const radius = px(s.borderRadius, 100);
  const url = safeUrl(block.data.url);
  const alt = block.data.alt;
  const href = safeUrl(block.data.href);

  if (!url) {
    // No picture yet: a grey box with 'Image' in it, drawn by the email itself (a data: image or
    // a picture from elsewhere would be dropped by Gmail or fetched from a third party).
    const height = h || Math.min(200, Math.round(w / 2));
    const cellStyle = style({
      height: `${height}px`,
      'background-color': PLACEHOLDER_BACKGROUND,
      color: PLACEHOLDER_TEXT,
      'font-size': '14px',
      'line-height': '20px',
      'text-align': 'center',
      'vertical-align': 'middle',
      'border-radius': radius ? `${radius}px` : undefined,
    });
    const placeholder =
      `<table${attrs({ role: 'presentation', width: w, align: 'center', cellpadding: 0, cellspacing: 0, border: 0, style: `width:100%;max-width:${w}px` })}>` +
      `<tr><td${attrs({ height, bgcolor: PLACEHOLDER_BACKGROUND, role: 'img', 'aria-label': alt || 'Image', style: cellStyle })}>Image</td></tr></table>`;
    return { html: box(s, placeholder, 'center'), text: '' };
  }

  const fit = s.imageFit === 'contain' ? 'contain' : 'cover';
  const imgStyle = style({
    display: 'block',
    width: '100%',
    'max-width': `${w}px`,
    height: h ? `${h}px` : 'auto',
    'object-fit': h ? fit : undefined,
    'border-radius': radius ? `${radius}px` : undefined,
    border: '0',
    outline: 'none',
    'text-decoration': 'none',
    margin: '0 auto',
  });
  // alt="" (never left out) tells a screen reader a picture without alt text is decoration.
  let img = `<img${attrs({ src: url })} alt="${escapeAttribute(alt)}"${attrs({ width: w, height: h || undefined, style: imgStyle })}>`;
  if (href) img = `<a${attrs({ href, target: '_blank' })}>${img}</a>`;
  if (h) {
    const vml =
      `<v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false"${attrs({ href: href || undefined, alt })} style="width:${w}px;height:${h}px;">` +
      `<v:fill type="frame"${attrs({ src: url })} aspect="${fit === 'cover' ? 'atleast' : 'atmost'}" color="#ffffff" /></v:rect>`;
    img = `<!--[if mso]>${vml}<![endif]--><!--[if !mso]><!-->${img}<!--<![endif]-->`;
  }
  const text = href && alt ? `<p><a href="${escapeAttribute(href)}">${escapeText(alt)}</a></p>` : '';
  return { html: box(s, img, 'center'), text };
}

/** The line is the block's border width and colour, `width` % of the box, centred; showDivider 0 keeps only its space. */
export function dividerBlock(block: DividerBlock): Rendered {
  const s = block.settings;
  const thickness = Math.max(1, px(s.border, 20));
  const lineColour = colour(s.borderColor);
  const percent = px(s.width, 100) || 100;
  const line =
    s.showDivider === 1 && lineColour
      ? `<table${attrs({ role: 'presentation', width: `${percent}%`, align: 'center', cellpadding: 0, cellspacing: 0, border: 0, style: `width:${percent}%;border-collapse:collapse` })}>` +
        `<tr><td${attrs({ style: `border-top:${thickness}px solid ${lineColour};font-size:1px;line-height:1px;height:0` })}>&#8202;</td></tr></table>`
      : `<div${attrs({ style: `height:${thickness}px;line-height:${thickness}px;font-size:1px` })}>&#8202;</div>`;
  return { html: box(s, line, 'center', false), text: s.showDivider === 1 ? '<hr>' : '' };
}

/** Empty space `height` pixels tall (plus its padding), in its background colour. */
export function spacerBlock(block: SpacerBlock): Rendered {
  const height = px(block.settings.height);
  const space = `<div${attrs({ style: `height:${height}px;line-height:${height}px;font-size:1px;mso-line-height-rule:exactly` })}>&#8202;</div>`;
  return { html: box(block.settings, space, 'left'), text: '' };
}

/**
 * A button-like link to the file. Without a file (url '') the email shows nothing: the builder's
 * 'Upload a file' placeholder is an instruction to staff, and a link that goes nowhere is worse
 * in a recipient's inbox than no link.
 */
export function attachmentBlock(block: AttachmentBlock): Rendered {
  const url = safeUrl(block.data.url);
  if (!url) return NOTHING;
  const label = block.data.text.trim() || decodeURIComponentSafe(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'Download the file';
  const link =
    `<a${attrs({ href: url, target: '_blank', style: 'display:inline-block;padding:10px 18px;color:#ffffff;font-weight:bold;text-decoration:none;font-size:15px;line-height:20px' })}>` +
    `${escapeText(label)}</a>`;
  const button =
    `<table${attrs({ role: 'presentation', cellpadding: 0, cellspacing: 0, border: 0, style: 'border-collapse:separate' })}>` +
    `<tr><td${attrs({ bgcolor: BUTTON_BACKGROUND, style: `background-color:${BUTTON_BACKGROUND};border-radius:4px` })}>${link}</td></tr></table>`;
  return { html: box(block.settings, button, 'left'), text: `<p><a href="${escapeAttribute(url)}">${escapeText(label)}</a></p>` };
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A block that is not a columns block, at `width` pixels. */
export function cellBlock(block: CellBlock, width: number): Rendered {
  switch (block.type) {
    case 'text':
      return textBlock(block);
    case 'image':
      return imageBlock(block, width);
    case 'divider':
      return dividerBlock(block);
    case 'spacer':
      return spacerBlock(block);
    case 'attachment':
      return attachmentBlock(block);
  }
}
