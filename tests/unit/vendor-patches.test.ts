import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspDigestCache, reactStringIds } from '../../scripts/vendor-patches.mjs';

/**
 * The build's vendor patches (scripts/vendor-patches.mjs), applied to the versions this project
 * installs: Astro's CSP hashing yields the same digests while hashing each text once; React
 * islands rendered to a string get the island's useId prefix; on a source a patch does not
 * recognise, it fails the build instead of silently doing nothing.
 */
const require = createRequire(import.meta.url);
const encryptionFile = path.join(path.dirname(require.resolve('astro/package.json')), 'dist/core/encryption.js');

type Transform = (code: string, id: string) => { code: string } | null;
const transform = cspDigestCache().transform as unknown as Transform;
const reactTransform = reactStringIds().transform as unknown as Transform;
const reactServerFile = path.join(path.dirname(require.resolve('@astrojs/react/package.json')), 'dist/server.js');

async function loadPatched(): Promise<{ generateCspDigest: (data: string, algorithm: string) => Promise<string> }> {
  const patched = transform(fs.readFileSync(encryptionFile, 'utf8'), encryptionFile);
  if (!patched) throw new Error('the patch did not apply to astro/dist/core/encryption.js');
  // Next to the original, so that its relative imports resolve.
  const file = path.join(path.dirname(encryptionFile), `encryption.patched-${process.pid}.mjs`);
  fs.writeFileSync(file, patched.code);
  try {
    return (await import(file)) as { generateCspDigest: (data: string, algorithm: string) => Promise<string> };
  } finally {
    fs.rmSync(file);
  }
}

describe('vendor patches', () => {
  it('answers the same digests as Astro, the same promise for the same text', async () => {
    const original = (await import(encryptionFile)) as { generateCspDigest: (data: string, algorithm: string) => Promise<string> };
    const patched = await loadPatched();
    for (const text of ['console.log(1)', 'body{color:red}', '']) {
      expect(await patched.generateCspDigest(text, 'SHA-256')).toBe(await original.generateCspDigest(text, 'SHA-256'));
    }
    expect(patched.generateCspDigest('same', 'SHA-256')).toBe(patched.generateCspDigest('same', 'SHA-256'));
    expect(await patched.generateCspDigest('same', 'SHA-384')).not.toBe(await patched.generateCspDigest('same', 'SHA-256'));
  });

  it('leaves other modules alone and fails the build on an Astro it does not know', () => {
    expect(transform('export const x = 1;', '/app/node_modules/other/dist/core/encryption2.js')).toBeNull();
    expect(() => transform('export async function somethingElse() {}', encryptionFile)).toThrow(/no longer contains/);
  });

  it('renders React islands to a string with the options of the streaming path (the island prefix of useId)', () => {
    const source = fs.readFileSync(reactServerFile, 'utf8');
    const patched = reactTransform(source, reactServerFile);
    expect(patched?.code).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    expect(patched?.code).not.toContain('ReactDOM.renderToString(vnode);');
    // The options it passes are the ones the streaming path builds, identifierPrefix among them.
    expect(source).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
    expect(() => reactTransform('export default {}', reactServerFile)).toThrow(/no longer contains/);
  });
});
