import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileResponse, servedInline } from '../../src/platform/media/serve';
import { makeTempDir } from '../factories';

describe('fileResponse', () => {
  const dir = makeTempDir('portal-serve-');
  const file = path.join(dir, 'f');
  fs.writeFileSync(file, '<html><script>alert(1)</script></html>');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows images and PDFs inline, with nosniff and a long cache', async () => {
    const res = await fileResponse({ path: file, mimeType: 'image/png', downloadName: 'x.png' });
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-type')).toBe('image/png');
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res?.headers.get('content-disposition')).toBe('inline');
    expect(res?.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(res?.headers.get('content-length')).toBe(String(fs.statSync(file).size));
    expect(await res?.text()).toBe(fs.readFileSync(file, 'utf8'));
  });

  it.each(['text/html', 'image/svg+xml', 'application/xml', 'text/javascript', 'application/octet-stream', 'image/tiff'])(
    'sends %s as a sandboxed download',
    async (mimeType) => {
      const res = await fileResponse({ path: file, mimeType, downloadName: 'Term dates.txt' });
      expect(res?.headers.get('content-disposition')).toBe(`attachment; filename="Term dates.txt"; filename*=UTF-8''Term%20dates.txt`);
      expect(res?.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('cannot be made to split headers by a download name', async () => {
    const res = await fileResponse({ path: file, mimeType: 'text/html', downloadName: 'a"\r\nSet-Cookie: x=1;é.txt' });
    const value = res?.headers.get('content-disposition') ?? '';
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toContain(`filename="a___Set-Cookie_ x_1__.txt"`);
    expect(res?.headers.get('set-cookie')).toBeNull();
  });

  it('is null for a missing file', async () => {
    expect(await fileResponse({ path: path.join(dir, 'missing'), mimeType: 'image/png', downloadName: 'x' })).toBeNull();
  });

  it('lists exactly the inline types', () => {
    for (const t of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']) expect(servedInline(t)).toBe(true);
    for (const t of ['image/svg+xml', 'text/html', 'text/plain', 'application/xhtml+xml']) expect(servedInline(t)).toBe(false);
  });
});
