/**
 * The editor tests' corpus: every post and page of WordPress's theme test data, both as the
 * import stores it (src/modules/website/server/embedded/import/wxr.ts: autop + sanitiser) and as raw content:encoded.
 * Also the DOM the conversion gets in the tests (jsdom, the same code the island runs with the
 * browser's parser).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { XMLParser } from 'fast-xml-parser';
import { parseWxr } from '../../src/modules/website/server/embedded/import/wxr';
import type { ParseHtml } from '../../src/lib/editor-html';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WXR_PATH = path.join(ROOT, 'fixtures/wordpress/themeunittestdata.wordpress.xml');

export interface CorpusItem {
  /** e.g. 'page 1134 Page Markup And Formatting (stored)' */
  name: string;
  type: 'post' | 'page';
  html: string;
}

const xml = fs.readFileSync(WXR_PATH, 'utf8');

/** Posts and pages as stored after import. */
export function storedCorpus(): CorpusItem[] {
  return parseWxr(xml, 1_700_000_000).items.map((item) => ({
    name: `${item.type} ${item.wpId} ${item.title} (stored)`,
    type: item.type,
    html: item.content,
  }));
}

/** Posts and pages as content:encoded holds them (no paragraphs, block comments, anything). */
export function rawCorpus(): CorpusItem[] {
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' });
  const doc = parser.parse(xml) as { rss: { channel: { item: Array<Record<string, unknown>> } } };
  const out: CorpusItem[] = [];
  for (const item of doc.rss.channel.item) {
    const type = String(item['wp:post_type'] ?? '').trim();
    if (type !== 'post' && type !== 'page') continue;
    out.push({
      name: `${type} ${String(item['wp:post_id'] ?? '').trim()} ${String(item.title ?? '')} (raw)`,
      type,
      html: String(item['content:encoded'] ?? ''),
    });
  }
  return out;
}

const dom = new JSDOM('<!doctype html><html><body></body></html>');
export const document = dom.window.document;

/** jsdom's HTML parser in a <div> context, as Editor.js's sanitiser and contenteditable blocks parse. */
export const parseHtml: ParseHtml = (html) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};
