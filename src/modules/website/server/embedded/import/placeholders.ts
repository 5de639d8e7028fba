import sharp from 'sharp';

/**
 * Stand-ins for pictures an import cannot fetch (./images.ts): a PNG of the picture's size in a
 * pale tint, crossed from corner to corner and framed, with "Image placeholder", its size and its
 * file name written on it, so nobody takes it for the picture. The cross and frame show even
 * where no font is installed.
 */

export interface PlaceholderSpec {
  width: number;
  height: number;
  /** The picture's file name (the last segment of its address), written under the size. */
  name: string;
  /** Picks the tint, so pictures side by side differ; the same seed gives the same tint. */
  seed: string;
}

function hue(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The placeholder's SVG source (exported for tests). */
export function placeholderSvg({ width, height, name, seed }: PlaceholderSpec): string {
  const h = hue(seed);
  const fill = `hsl(${h}, 45%, 88%)`;
  const ink = `hsl(${h}, 40%, 30%)`;
  const line = `hsl(${h}, 30%, 70%)`;
  const stroke = Math.max(1, Math.round(Math.min(width, height) / 150));
  const size = Math.max(8, Math.min(Math.round(width / 14), Math.round(height / 7), 40));
  const lines: string[] = [];
  // Text only where it fits legibly; a tiny picture keeps the frame and the cross.
  if (width >= 60 && height >= 40) {
    const texts = [
      { text: 'Image placeholder', weight: 'bold', scale: 1 },
      { text: `${width} × ${height}`, weight: 'normal', scale: 0.8 },
      ...(height >= 90 && name ? [{ text: name.length > 48 ? `${name.slice(0, 47)}…` : name, weight: 'normal', scale: 0.6 }] : []),
    ];
    const step = size * 1.3;
    const top = height / 2 - ((texts.length - 1) * step) / 2;
    texts.forEach(({ text, weight, scale }, i) => {
      lines.push(
        `<text x="50%" y="${(top + i * step).toFixed(1)}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${Math.max(7, Math.round(size * scale))}" font-weight="${weight}" fill="${ink}" text-anchor="middle" dominant-baseline="middle" paint-order="stroke" stroke="${fill}" stroke-width="${Math.max(2, Math.round(size / 4))}">${escapeXml(text)}</text>`,
      );
    });
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${fill}"/>` +
    `<path d="M0 0L${width} ${height}M${width} 0L0 ${height}" stroke="${line}" stroke-width="${stroke}"/>` +
    `<rect x="${stroke / 2}" y="${stroke / 2}" width="${width - stroke}" height="${height - stroke}" fill="none" stroke="${line}" stroke-width="${stroke}"/>` +
    lines.join('') +
    `</svg>`
  );
}

/** The placeholder as a PNG (flat colours: some 20 KB at 800 x 600; a palette would halve that at twice the time). */
export function placeholderPng(spec: PlaceholderSpec): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(spec)), { density: 72 }).png({ compressionLevel: 9 }).toBuffer();
}
