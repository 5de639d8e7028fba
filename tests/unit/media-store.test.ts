import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from '../../src/modules/website/contract';
import { isStoredName, newFileName, storedPath } from '../../src/platform/media/store';
import { thumbnailName, uploadUrl } from '../../src/platform/media/urls';
import { cleanFileName, titleFromName } from '../../src/modules/website/server/embedded/media/service';

describe('stored names', () => {
  it('are random hex with the given extension', () => {
    const a = newFileName('png');
    expect(a).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(newFileName('png')).not.toBe(a);
    expect(isStoredName(a)).toBe(true);
    expect(isStoredName(thumbnailName(a))).toBe(true);
  });

  it('never take an odd extension', () => {
    expect(newFileName('../x')).toMatch(/^[a-f0-9]{32}\.bin$/);
    expect(newFileName('tar.gz')).toMatch(/\.bin$/);
  });

  it('resolve only inside the school folder', () => {
    const name = newFileName('jpg');
    expect(storedPath('/data', 7, name)).toBe(path.join('/data', 'uploads', '7', name));
    for (const bad of ['../portal.db', '..%2Fportal.db', 'x/../../y.png', '', 'a.png', `${name}/..`]) {
      expect(() => storedPath('/data', 7, bad)).toThrow();
    }
    expect(() => storedPath('/data', 0, name)).toThrow();
  });
});

describe('addresses', () => {
  it('put the thumbnail suffix where the contract’s thumbnailUrl expects it', () => {
    const name = 'a'.repeat(32) + '.webp';
    const url = uploadUrl('school-1.test', name);
    expect(url).toBe(`/uploads/school-1.test/${name}`);
    expect(thumbnailUrl(url)).toBe(uploadUrl('school-1.test', thumbnailName(name)));
  });
});

describe('titles from client names', () => {
  it('drop the extension and any folders', () => {
    expect(titleFromName('Sports Day.JPG', 'Attachment')).toBe('Sports Day');
    expect(titleFromName('C:\\fakepath\\term dates.pdf', 'Attachment')).toBe('term dates');
    expect(titleFromName('../../etc/passwd', 'Attachment')).toBe('passwd');
    expect(titleFromName('archive.tar.gz', 'Attachment')).toBe('archive.tar');
  });

  it('fall back when nothing is left', () => {
    expect(titleFromName('', 'Attachment')).toBe('Attachment');
    expect(titleFromName('.png', 'Attachment')).toBe('.png');
    expect(titleFromName('   ', 'Image')).toBe('Image');
  });

  it('lose control characters and stay within 300 characters', () => {
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFileName('x'.repeat(500))).toHaveLength(300);
  });
});
