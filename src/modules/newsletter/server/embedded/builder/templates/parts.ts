import type { z } from 'zod';
import type { buildSchema } from '../../../../builder-contract';

/**
 * Shorthands for the provider templates' documents: blocks in the spec's shape (type, data,
 * settings; no ids), read through the build schema (./index.ts), which fills in every setting
 * left out and gives each block its id. The pictures are the product's own files
 * (public/newsletter-templates/), site-relative: a send makes them absolute as every address.
 */

export type TemplateDocument = z.input<typeof buildSchema>;
type Block = TemplateDocument[number][number];
type Settings = NonNullable<Block['settings']>;
type CellBlock = Exclude<Block, { type: 'columns' }>;

export const BRAND = '#1a5ba6';
export const MUTED = '#4a5665';
const PADDING = { top: 10, right: 25, bottom: 10, left: 25 };

/** A picture of the product's: `public/newsletter-templates/<name>`. */
export const picture = (name: string): string => `/newsletter-templates/${name}`;

export const text = (html: string, settings: Settings = {}): CellBlock => ({ type: 'text', data: { html }, settings: { padding: PADDING, ...settings } });

export const image = (name: string, alt: string, settings: Settings = {}): CellBlock => ({
  type: 'image',
  data: { url: picture(name), alt, href: '' },
  settings: { padding: PADDING, ...settings },
});

export const divider = (settings: Settings = {}): CellBlock => ({ type: 'divider', data: {}, settings: { border: 1, borderColor: '#d5dce5', padding: PADDING, ...settings } });

export const spacer = (height: number): CellBlock => ({ type: 'spacer', data: {}, settings: { padding: { top: 0, right: 0, bottom: 0, left: 0 }, height } });

export const columns = (columnSize: '6,6' | '4,8' | '8,4', left: CellBlock[], right: CellBlock[], settings: Settings = {}): Block => ({
  type: 'columns',
  data: { elements: [left, right] },
  settings: { padding: { top: 0, right: 0, bottom: 0, left: 0 }, columnSize, ...settings },
});

/** A coloured band across the top: the newsletter's title on the school's colour. */
export const band = (title: string, subtitle: string, backgroundColor = BRAND): CellBlock =>
  text(`<h1 style="text-align: center; color: #ffffff;">${title}</h1><p style="text-align: center; color: #ffffff; font-size: 14px;">${subtitle}</p>`, {
    backgroundColor,
    padding: { top: 24, right: 25, bottom: 24, left: 25 },
  });

/** The small grey line at the end. */
export const signOff = (html: string): CellBlock => text(`<p style="text-align: center; font-size: 12px; color: ${MUTED};">${html}</p>`, { padding: { top: 16, right: 25, bottom: 16, left: 25 } });
