import type { Block, Build, CellBlock, FrameBlocks } from '../../../builder-contract';
import { defineTask } from '../../../../../platform/work/task';
import { renderEmail } from './render';
import { sanitizeText } from './render/sanitize-text';
import { frameHtml } from './render/frame';

/**
 * The builder's work that grows with the document: run on the work pool (work/pool.ts
 * `runTask`), never on the thread that answers requests. Pure: no database, no mail.
 */

function cleanCell(block: CellBlock): CellBlock {
  return block.type === 'text' ? { ...block, data: { html: sanitizeText(block.data.html) } } : block;
}

function cleanBlock(block: Block): Block {
  if (block.type !== 'columns') return cleanCell(block);
  const [left, right] = block.data.elements;
  return { ...block, data: { elements: [left.map(cleanCell), right.map(cleanCell)] } };
}

/**
 * Text blocks as stored: cut to the toolbar's tags and styles (the renderer's sanitiser), so
 * whatever a crafted call sends, the builder's canvas and every render show only that.
 */
export function cleanBuild(build: Build): Build {
  return [build[0].map(cleanBlock), build[1].map(cleanBlock), build[2].map(cleanBlock)];
}

export const cleanBuildTask = defineTask('newsletter.clean-build', cleanBuild);

/**
 * The school's header and footer blocks as stored, text cut as a build's, with the HTML they make
 * (render/frame.ts). Small (MAX_FRAME_BLOCKS, MAX_FRAME_HTML_LENGTH of text a list, as a frame of
 * HTML is), so it runs where the frame is saved, as sanitising a frame of HTML does.
 */
export function cleanFrame(blocks: FrameBlocks): { blocks: FrameBlocks; header: string; footer: string } {
  const cleaned = { header: blocks.header.map(cleanBlock), footer: blocks.footer.map(cleanBlock) };
  return { blocks: cleaned, ...frameHtml(cleaned) };
}

export interface RenderInput {
  build: Build;
  /** The school's header and footer (service.ts `builderFrame`): HTML, or blocks. */
  frame: { header: string; footer: string; blocks: FrameBlocks | null };
}

/** The email of a build (render/index.ts). */
export const renderEmailTask = defineTask('newsletter.render-email', ({ build, frame }: RenderInput) => renderEmail(build, frame));
