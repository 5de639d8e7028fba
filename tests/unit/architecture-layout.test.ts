import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The layout rules of docs/architecture.md that no linter knows: small folders, and the import
 * cycle check of `npm run lint` (dependency-cruiser, .dependency-cruiser.cjs) shown to notice one.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|astro|mjs|js)$/;
const MAX_FLAT_FILES = 10;

function folders(dir: string): string[] {
  return [dir, ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? folders(path.join(dir, entry.name)) : []))];
}

/** A folder's own code files (tests beside them and type declarations aside). */
function flatCodeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name))
    .map((entry) => entry.name);
}

describe('the source layout', () => {
  it(`has no folder with more than ${MAX_FLAT_FILES} code files of its own`, () => {
    const crowded = folders(path.join(ROOT, 'src'))
      .map((dir) => ({ dir: path.relative(ROOT, dir), files: flatCodeFiles(dir).length }))
      .filter(({ files }) => files > MAX_FLAT_FILES);
    expect(crowded).toEqual([]);
  });

  it('keeps every module in a folder of src/modules with its contract, its calls and its server', () => {
    const modules = fs.readdirSync(path.join(ROOT, 'src/modules')).filter((name) => name !== 'shell');
    expect(modules.length).toBeGreaterThanOrEqual(7);
    for (const name of modules) {
      for (const part of ['contract.ts', 'calls.ts', 'endpoints.ts', 'server']) {
        expect(fs.existsSync(path.join(ROOT, 'src/modules', name, part)), `${name}/${part}`).toBe(true);
      }
    }
  });
});

describe('the import cycle check', () => {
  it('reports a cycle, type-only imports included', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b?: B }\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a?: A }\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
      const config = (await import(path.join(ROOT, '.dependency-cruiser.cjs'))).default as { forbidden: unknown[]; options: Record<string, unknown> };
      const result = await cruise([dir], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, tsConfig: undefined } as never);
      const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
      const cycles = output.summary.violations.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, v.to].map((f) => path.basename(f)).sort());
      // a.ts and b.ts import each other (types only); c.ts only imports a.ts, so it is in no cycle.
      expect(cycles).toEqual([['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
