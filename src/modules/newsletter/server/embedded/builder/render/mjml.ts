import { EMAIL_WIDTH, type Block, type Build, type CellBlock, type ColumnsBlock, type ColumnSize, type FrameBlocks } from '../../../../builder-contract';
import { visibleFrameBlocks } from './frame';
import { cellBlock, innerWidth } from './blocks';
import { attrs, colour, escapeText, px } from './html';
import { firstWords, plainText } from './text';

/**
 * A build as MJML source: the school's header, then the header, body and footer regions in order,
 * then the school's footer, on a 600 px body (EMAIL_WIDTH). MJML turns it into the table layout,
 * the Outlook ghost tables and the media queries that stack a columns block's cells on screens
 * under BREAKPOINT.
 *
 * Layout: consecutive blocks that are not columns share one section and column, each block an
 * <mj-text> whose vertical padding is the block's margin and whose content is the block's box
 * (blocks.ts). A columns block is a section of its own (wrapped, when it has a margin, in an
 * <mj-wrapper> whose padding is that margin): the section carries the block's padding, border,
 * radius and background, each cell is an <mj-column> with `borderColumn` around it, and
 * `borderCenter` is the second cell's left border, which becomes a top border once the cells stack
 * (all three borders in the block's borderColor).
 */

/** MJML's own default, set explicitly: below it, a columns block's cells stack. */
export const BREAKPOINT = 480;
const FRAME_PADDING = '20px 25px';

export interface MjmlSource {
  mjml: string;
  /** The plain-text alternative: the school's header, the blocks' text, the school's footer. */
  text: string;
  /** The hidden inbox preview line's HTML ('' for none), for the start of the body. */
  preview: string;
}

const TWELFTHS: Record<ColumnSize, [number, number]> = { '6,6': [6, 6], '4,8': [4, 8], '8,4': [8, 4] };

/** A cell's share of its row as MJML writes it: 50%, 33.33%, 66.67%. */
function cellPercent(twelfths: number): string {
  return `${Math.round((twelfths / 12) * 10000) / 100}%`;
}

class Writer {
  readonly body: string[] = [];
  readonly styles: string[] = [];
  /** The blocks' readable content in order, as HTML for the plain-text alternative. */
  readonly text: string[] = [];
  private rules = 0;

  /** Blocks that share one full-width column. */
  run(blocks: CellBlock[]): void {
    const parts = this.cells(blocks, EMAIL_WIDTH);
    if (parts) this.body.push(`<mj-section><mj-column>${parts}</mj-column></mj-section>`);
  }

  /** The cell blocks as <mj-text> elements for a column `width` px wide; '' when none shows. */
  private cells(blocks: CellBlock[], width: number): string {
    let out = '';
    for (const block of blocks) {
      const rendered = cellBlock(block, width);
      if (rendered.text) this.text.push(rendered.text);
      if (!rendered.html) continue;
      const margin = px(block.settings.margin, 200);
      out += `<mj-text${attrs({ padding: `${margin}px 0` })}>${rendered.html}</mj-text>`;
    }
    return out;
  }

  columns(block: ColumnsBlock): void {
    const s = block.settings;
    const border = px(s.border, 20);
    const borderColour = colour(s.borderColor);
    const cellBorder = px(s.borderColumn, 20);
    const rule = px(s.borderCenter, 20);
    const inner = innerWidth(s, EMAIL_WIDTH, Boolean(border && borderColour));
    const [left, right] = TWELFTHS[s.columnSize] ?? TWELFTHS['6,6'];
    const ruleClass = rule && borderColour ? `nl-rule-${++this.rules}` : '';
    if (ruleClass) {
      // Stacked cells: the rule between them runs across, above the second.
      this.styles.push(
        `@media only screen and (max-width:${BREAKPOINT - 1}px){.${ruleClass}>table{border-left:${cellBorder && borderColour ? `${cellBorder}px solid ${borderColour}` : '0'} !important;border-top:${rule}px solid ${borderColour} !important;}}`,
      );
    }
    const cell = (index: 0 | 1, twelfths: number): string => {
      const leftBorder = index === 1 && ruleClass ? rule : cellBorder;
      const width = Math.floor((inner * twelfths) / 12) - leftBorder - cellBorder;
      const column = attrs({
        width: cellPercent(twelfths),
        'vertical-align': 'top',
        border: cellBorder && borderColour ? `${cellBorder}px solid ${borderColour}` : undefined,
        'border-left': index === 1 && ruleClass ? `${rule}px solid ${borderColour}` : undefined,
        'css-class': index === 1 && ruleClass ? ruleClass : undefined,
      });
      return `<mj-column${column}>${this.cells(block.data.elements[index], Math.max(1, width))}</mj-column>`;
    };
    const { top, right: padRight, bottom, left: padLeft } = s.padding;
    const background = colour(s.backgroundColor);
    const radius = px(s.borderRadius, 100);
    const section =
      `<mj-section${attrs({
        'padding-top': `${px(top, 200)}px`,
        'padding-right': `${px(padRight, 200)}px`,
        'padding-bottom': `${px(bottom, 200)}px`,
        'padding-left': `${px(padLeft, 200)}px`,
        border: border && borderColour ? `${border}px solid ${borderColour}` : undefined,
        'border-radius': radius ? `${radius}px` : undefined,
        'background-color': background || undefined,
      })}>` +
      cell(0, left) +
      cell(1, right) +
      `</mj-section>`;
    const margin = px(s.margin, 200);
    this.body.push(margin ? `<mj-wrapper${attrs({ padding: `${margin}px 0` })}>${section}</mj-wrapper>` : section);
  }

  region(blocks: Block[]): void {
    let run: CellBlock[] = [];
    for (const block of blocks) {
      if (block.type !== 'columns') {
        run.push(block);
        continue;
      }
      this.run(run);
      run = [];
      this.columns(block);
    }
    this.run(run);
  }

  /** The school's header or footer (already sanitised). */
  frame(html: string, cssClass: string): void {
    if (!html.trim()) return;
    this.body.push(`<mj-section${attrs({ 'css-class': cssClass })}><mj-column><mj-text${attrs({ padding: FRAME_PADDING })}>${html}</mj-text></mj-column></mj-section>`);
  }

  /**
   * The school's header or footer built with blocks: rendered as a region, its text kept apart
   * (the plain-text alternative has it in its place; the inbox preview line never shows it).
   */
  frameBlocks(blocks: readonly Block[]): string {
    const mark = this.text.length;
    this.region(visibleFrameBlocks(blocks));
    return plainText(this.text.splice(mark));
  }
}

/** The school's header and footer sit tight in their padding where the client keeps a <style>. */
const BASE_STYLES = ['.nl-frame p,.nl-frame h1,.nl-frame h2,.nl-frame h3{margin:0;}'];

/**
 * The inbox preview line, first in the body (before the email's article, which MJML wraps every
 * mj-body element in) and hidden the way mail clients expect (display:none,
 * no height, hidden from Outlook and screen readers). MJML's own mj-preview also paints it white
 * on white, which spam filters score as hidden text (SpamAssassin's HTML_FONT_LOW_CONTRAST).
 */
function previewLine(preheader: string): string {
  return `<div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeText(preheader)}</div>`;
}

/**
 * `frame` is the school's header and footer, already sanitised; without a `preheader` the inbox
 * preview line is the first words of the blocks' text (never the school's name, which the
 * inbox shows as the sender anyway).
 */
export function buildMjml(build: Build, frame: { header: string; footer: string; blocks?: FrameBlocks | null }, given: string | undefined): MjmlSource {
  const writer = new Writer();
  const blocks = frame.blocks ?? null;
  let headerText: string;
  if (blocks) headerText = writer.frameBlocks(blocks.header);
  else {
    writer.frame(frame.header, 'nl-frame nl-frame-header');
    headerText = plainText([frame.header]);
  }
  for (const region of build) writer.region(region);
  let footerText: string;
  if (blocks) footerText = writer.frameBlocks(blocks.footer);
  else {
    writer.frame(frame.footer, 'nl-frame nl-frame-footer');
    footerText = plainText([frame.footer]);
  }
  const blocksText = plainText(writer.text);
  const preheader = (given ?? firstWords(blocksText)).trim();
  const text = [headerText, blocksText, footerText].filter(Boolean).join('\n\n');
  const head = [
    `<mj-breakpoint width="${BREAKPOINT}px" />`,
    '<mj-attributes>',
    '<mj-all font-family="Arial, Helvetica, sans-serif" />',
    '<mj-section padding="0" />',
    '<mj-wrapper padding="0" />',
    '<mj-text padding="0" font-size="16px" line-height="1.5" color="#1f2933" />',
    '</mj-attributes>',
    `<mj-style>${[...BASE_STYLES, ...writer.styles].join('\n')}</mj-style>`,
  ].join('');
  const mjml = `<mjml lang="en" dir="ltr"><mj-head>${head}</mj-head><mj-body${attrs({ width: `${EMAIL_WIDTH}px`, 'background-color': '#ffffff' })}>${writer.body.join('\n')}</mj-body></mjml>`;
  return { mjml, text, preview: preheader ? previewLine(preheader) : '' };
}
