/**
 * Typed vs raw blocks the editor opens the WordPress theme test data with (as the import stores it
 * and as WordPress exported it), by block type, and the raw blocks' first tags: the figures of
 * issue 9's editor work. `npx tsx scripts/bench/editor-blocks.ts [--raw-tags]`
 */
import { htmlToBlocks } from '../../src/lib/editor-html';
import { parseHtml, rawCorpus, storedCorpus, type CorpusItem } from '../../tests/unit/editor-fixture';

function tally(items: CorpusItem[]): { typed: number; raw: number; byType: Record<string, number>; rawTags: Record<string, number> } {
  const byType: Record<string, number> = {};
  const rawTags: Record<string, number> = {};
  let typed = 0;
  let raw = 0;
  for (const item of items) {
    for (const block of htmlToBlocks(item.html, parseHtml)) {
      byType[block.type] = (byType[block.type] ?? 0) + 1;
      if (block.type !== 'raw') {
        typed += 1;
        continue;
      }
      raw += 1;
      const tag = /^<([a-z0-9]+)/i.exec(block.data.html)?.[1]?.toLowerCase() ?? (block.data.html.startsWith('<!--') ? 'comment' : 'text');
      rawTags[tag] = (rawTags[tag] ?? 0) + 1;
    }
  }
  return { typed, raw, byType, rawTags };
}

const showTags = process.argv.includes('--raw-tags');
for (const [name, items] of [
  ['stored', storedCorpus()],
  ['raw', rawCorpus()],
] as const) {
  const { typed, raw, byType, rawTags } = tally(items);
  const share = ((100 * raw) / (typed + raw)).toFixed(1);
  console.log(`${name}: ${typed} typed, ${raw} raw (${share}% raw); ${JSON.stringify(byType)}`);
  if (showTags) console.log(`  raw blocks by first tag: ${JSON.stringify(rawTags)}`);
}
