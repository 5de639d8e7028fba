import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that encodes docs/architecture.md's arrows: `npm run lint` passing proves the
 * tree keeps them; these cases prove the rule would notice a file that breaks them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary messages ESLint gives `code` as if it were the file at `file` (relative to the root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('the architecture lint rule', () => {
  it.each([
    ['a store reaching into the server', 'src/stores/website/x.ts', "import { getRuntime } from '../../server/process';", 'stores must not import composition'],
    ['an island reaching a repository', 'src/islands/website/X.tsx', "import * as repo from '../../server/website/content/repository';", 'islands must not import module'],
    ['shared UI using a module store', 'src/islands/ui/X.tsx', "import { createPostsStore } from '../../stores/website/posts';", 'ui must not import stores'],
    ['infrastructure naming a module', 'src/server/jobs/x.ts', "import { websiteModule } from '../website';", 'infrastructure must not import module'],
    ['a module reaching into another module', 'src/server/support/x.ts', "import * as repo from '../account/repository';", 'module must not import module'],
    ['an island of one module using another module\'s island', 'src/islands/newsletter/X.tsx', "import PostsTable from '../website/PostsTable';", 'islands must not import islands'],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['a store using the contracts and lib', 'src/stores/website/x.ts', "import { websiteApi } from '../../contracts/website-endpoints';\nimport { send } from '../../lib/send';"],
    ['a module using another module\'s service', 'src/server/website/x.ts', "import { findSchoolByLabel } from '../account/service';"],
    ['a module using the infrastructure', 'src/server/website/x.ts', "import { Refusal } from '../errors';"],
    ['the module list naming every module', 'src/server/modules.ts', "import { websiteModule } from './website';"],
    ['an island using its store and shared UI', 'src/islands/website/X.tsx', "import { createPostsStore } from '../../stores/website/posts';\nimport { ConfirmDialog } from '../ui/ConfirmDialog';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
