/**
 * The school's header and footer edited with the builder's own blocks (issue 29 §3): a document of
 * the builder's store (./builder.ts) with the header and footer regions only (no body: that is
 * each newsletter's), saved by its own button rather than when a block is added.
 */
import { FRAME_REGIONS, type Block, type Build, type Frame, type FrameBlocks } from '../../../builder-rules';
import { createBuilderStore, type BuilderStore } from './builder';
import { createBlock } from './document';
import { cleanTextHtml } from './text-html';

export function frameDocument(blocks: FrameBlocks): Build {
  return [blocks.header, [], blocks.footer];
}

export function frameBlocksOf(build: Build): FrameBlocks {
  return { header: build[0], footer: build[2] };
}

/** The store the header and footer editor works on, starting from `blocks`. */
export function createFrameStore(frame: Frame, blocks: FrameBlocks): BuilderStore {
  return createBuilderStore(
    { stored: { id: 0, name: 'Header and footer', build: frameDocument(blocks), updated_at: 0 }, templates: [], frame },
    { regions: FRAME_REGIONS, saveOnAdd: false },
  );
}

const IMAGE = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string): string => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return (match?.[1] ?? match?.[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').trim();
};

/**
 * Blocks from a header or footer of HTML, for a school switching to blocks: each picture an
 * image block (its logo), the text a text block (the text toolbar's tags kept: headings, links,
 * bold...). Tables and their layout are not carried over; the HTML stays stored until a save.
 */
export function blocksFromHtml(html: string): Block[] {
  const blocks: Block[] = [];
  for (const [tag] of html.matchAll(IMAGE)) {
    const url = attribute(tag, 'src');
    if (!/^(https?:\/\/|\/[^/])/i.test(url)) continue;
    const image = createBlock('image');
    if (image.type === 'image') image.data = { url, alt: attribute(tag, 'alt'), href: '' };
    blocks.push(image);
  }
  const text = cleanTextHtml(html.replace(IMAGE, ''));
  if (text.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '') {
    const block = createBlock('text');
    if (block.type === 'text') block.data = { html: text };
    blocks.push(block);
  }
  return blocks;
}
