import { EMAIL_WIDTH, type Block, type CellBlock, type ColumnsBlock, type FrameBlocks } from '../../../../builder-contract';
import { cellBlock, innerWidth } from './blocks';
import { attrs, colour, px, style } from './html';
import { sanitizeFrame } from './sanitize-frame';

/**
 * The school's header and footer built with blocks (builder-rules.ts `FrameBlocks`). In an email
 * they are rendered as any build's blocks are (mjml.ts); here, the HTML they make for the
 * frame's strings (`GET …/template`, the builder's canvas): each block's box (blocks.ts), a
 * columns block as a two-cell table, sanitised as any frame.
 *
 * An image block without a picture shows nothing: in the editor it is the place for the logo,
 * and every email of the school would otherwise carry a grey 'Image' box.
 */

const hasPicture = (block: CellBlock): boolean => block.type !== 'image' || block.data.url.trim() !== '';

/** The blocks an email shows: image blocks without a picture left out, in cells too. */
export function visibleFrameBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.type !== 'columns') return hasPicture(block) ? [block] : [];
    const [left, right] = block.data.elements;
    return [{ ...block, data: { elements: [left.filter(hasPicture), right.filter(hasPicture)] } }];
  });
}

const TWELFTHS = { '6,6': 6, '4,8': 4, '8,4': 8 } as const;

function columnsHtml(block: ColumnsBlock): string {
  const s = block.settings;
  const inner = innerWidth(s, EMAIL_WIDTH, false);
  const left = TWELFTHS[s.columnSize] ?? 6;
  const cell = (index: 0 | 1, twelfths: number): string => {
    const width = Math.floor((inner * twelfths) / 12);
    const content = block.data.elements[index].map((inside) => cellBlock(inside, width).html).join('');
    return `<td${attrs({ width: `${Math.round((twelfths / 12) * 100)}%`, valign: 'top', style: 'vertical-align:top' })}>${content}</td>`;
  };
  const { top, right, bottom, left: padLeft } = s.padding;
  const background = colour(s.backgroundColor);
  const tableStyle = style({
    width: '100%',
    'border-collapse': 'collapse',
    padding: `${px(top, 200)}px ${px(right, 200)}px ${px(bottom, 200)}px ${px(padLeft, 200)}px`,
    'background-color': background || undefined,
  });
  return (
    `<table${attrs({ role: 'presentation', width: '100%', cellpadding: 0, cellspacing: 0, border: 0, bgcolor: background || undefined, style: tableStyle })}>` +
    `<tr>${cell(0, left)}${cell(1, 12 - left)}</tr></table>`
  );
}

/** One list's HTML (header or footer), sanitised as the frame's HTML always is. */
export function frameListHtml(blocks: readonly Block[]): string {
  const html = visibleFrameBlocks(blocks)
    .map((block) => (block.type === 'columns' ? columnsHtml(block) : cellBlock(block, EMAIL_WIDTH).html))
    .join('');
  return sanitizeFrame(html);
}

/** The frame's strings for its blocks. */
export function frameHtml(blocks: FrameBlocks): { header: string; footer: string } {
  return { header: frameListHtml(blocks.header), footer: frameListHtml(blocks.footer) };
}
