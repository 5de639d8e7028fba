import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchema, GMAIL_CLIP_BYTES, PROVIDER_TEMPLATES, type Build } from '../builder-contract';
import { renderEmail } from '../server/embedded/builder/render';
import { providerBuild } from '../server/embedded/builder/templates';

/**
 * The provider's templates (issue 29 §3): each is a valid build a school can start from, rich
 * enough to be worth it (pictures, columns, several stories), email-sized, and its pictures are the
 * product's own files (nothing fetched from another site).
 */

const PUBLIC = path.resolve(import.meta.dirname, '../../../../public');
const FRAME = { header: '<h1>Demo School</h1>', footer: '<p>Demo School</p>' };

function imagesOf(build: Build): string[] {
  return build.flat().flatMap((block) => (block.type === 'columns' ? block.data.elements.flat() : [block])).flatMap((block) => (block.type === 'image' ? [block.data.url] : []));
}

describe('provider templates', () => {
  it('ships three, each named', () => {
    expect(PROVIDER_TEMPLATES.map((template) => template.name)).toEqual(['Term news', 'Events & dates', 'Principal’s message']);
  });

  for (const template of PROVIDER_TEMPLATES) {
    describe(template.name, () => {
      it('is a build the contract accepts, every block with a unique id', () => {
        const build = providerBuild(template.key);
        expect(buildSchema.parse(JSON.parse(JSON.stringify(build)))).toEqual(build);
        const ids = build.flat().flatMap((block) => [block.id, ...(block.type === 'columns' ? block.data.elements.flat().map((inner) => inner.id) : [])]);
        expect(new Set(ids).size).toBe(ids.length);
        expect(build[1].length).toBeGreaterThanOrEqual(4);
      });

      it('shows only pictures the product ships, each one there', () => {
        const images = imagesOf(providerBuild(template.key));
        expect(images.length).toBeGreaterThan(0);
        for (const url of images) {
          expect(url).toMatch(/^\/newsletter-templates\/[a-z-]+\.jpg$/);
          expect(fs.statSync(path.join(PUBLIC, url)).size).toBeGreaterThan(1000);
        }
      });

      it('renders to an email under Gmail’s clipping size, with its text', async () => {
        const email = await renderEmail(providerBuild(template.key), FRAME);
        expect(email.bytes).toBeLessThan(GMAIL_CLIP_BYTES);
        expect(email.html).not.toMatch(/src="https?:/);
        expect(email.text).toContain('Demo School');
        expect(email.text.length).toBeGreaterThan(400);
      });

      it('is a fresh copy each time: changing one build leaves the template as it was', () => {
        const first = providerBuild(template.key);
        first[1].splice(0);
        expect(providerBuild(template.key)[1].length).toBeGreaterThan(0);
      });
    });
  }
});
