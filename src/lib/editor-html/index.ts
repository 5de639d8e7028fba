/**
 * The website editor's HTML <-> Editor.js blocks conversion (pure; the DOM parser is passed in).
 * `htmlToBlocks` maps what the tools can write back exactly to typed blocks and keeps everything
 * else verbatim in raw-HTML blocks; `blocksToHtml` writes unchanged blocks back as their source.
 */
export type * from './types';
export { ALIGNMENTS } from './types';
export { htmlToBlocks } from './html-to-blocks';
export { blocksToHtml, blockHtml, fingerprint, isUnchanged, toEditorBlock, typedBlockHtml, BLOCK_SEPARATOR } from './blocks-to-html';
export { domDifference, isDomEquivalent } from './equivalence';
export { INLINE_RULES, FONT_FAMILIES, FONT_SIZES, TEXT_COLOURS, HIGHLIGHT_COLOURS } from './rules';
export type { InlineRules, TagRule, AttributeRule } from './rules';
