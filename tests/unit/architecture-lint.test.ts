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
    ['a store reaching into the server', 'src/modules/website/client/stores/x.ts', "import { getRuntime } from '../../../../app/process';", 'stores must not import composition'],
    ['an island reaching a repository', 'src/modules/website/client/islands/X.tsx', "import * as repo from '../../server/embedded/content/repository';", 'islands must not import module'],
    ['shared UI using a module store', 'src/ui/islands/X.tsx', "import { createPostsStore } from '../../modules/website/client/stores/posts';", 'ui must not import stores'],
    ['the platform naming a module', 'src/platform/jobs/x.ts', "import { websiteModule } from '../../modules/website/server/embedded';", 'platform must not import module'],
    ['the platform using a module\'s contract', 'src/platform/media/x.ts', "import { WEBSITE_PAGE_SIZE } from '../../modules/website/rules';", 'platform must not import module-shared'],
    ['a module reaching into another module', 'src/modules/support/server/x.ts', "import * as repo from '../../account/server/embedded/repository';", 'module must not import module'],
    ['an island of one module using another module\'s island', 'src/modules/newsletter/client/islands/X.tsx', "import PostsTable from '../../../website/client/islands/PostsTable';", 'islands must not import islands'],
    // Modules meet only at their faces (index.ts, schemas.ts, client/index.ts, server/index.ts).
    ['a store using another module\'s rules directly', 'src/modules/app/client/stores/x.ts', "import { NEWSLETTER_CATEGORY } from '../../../website/rules';", 'stores must not import module-shared'],
    ['a store using another module\'s store', 'src/modules/app/client/stores/x.ts', "import { POSTS_FAILURE } from '../../../website/client/stores/posts';", 'stores must not import stores'],
    ['a contract using another module\'s contract directly', 'src/modules/app/x.ts', "import { postSchema } from '../website/contract';", 'module-shared must not import module-shared'],
    ['a module\'s server reaching another module\'s embedded code', 'src/modules/newsletter/server/x.ts', "import { createPost } from '../../website/server/embedded/content/service';", 'module must not import module'],
    ['a module\'s server using another module\'s service.ts, not its face', 'src/modules/website/server/x.ts', "import { findSchoolByLabel } from '../../account/server/service';", 'module must not import module'],
    ['a store using another module\'s server face', 'src/modules/newsletter/client/stores/x.ts', "import { createPost } from '../../../website/server';", 'stores must not import module-server-public'],
    ['a module\'s root file using another module\'s server face', 'src/modules/app/rules.ts', "import { findSchoolById } from '../account/server/index';", 'module-shared must not import module-server-public'],
    ['an island using another module\'s schemas (zod in the browser)', 'src/modules/app/client/islands/X.tsx', "import { postSchema } from '../../../website/schemas';", 'islands must not import module-schemas'],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['a store using the contracts and lib', 'src/modules/website/client/stores/x.ts', "import { websiteApi } from '../../calls';\nimport { send } from '../../../../lib/browser/send';"],
    ['a module using another module\'s server face', 'src/modules/website/server/x.ts', "import { findSchoolByLabel } from '../../account/server';"],
    ['a module\'s server using another module\'s server face by its file', 'src/modules/newsletter/server/x.ts', "import { createPost } from '../../website/server/index';"],
    ['a store using another module\'s public face', 'src/modules/app/client/stores/x.ts', "import { postsQuery } from '../../../website';\nimport { supportApi } from '../../../support/index';"],
    ['a contract building on another module\'s schemas', 'src/modules/app/x.ts', "import { postSchema } from '../website/schemas';"],
    ['an island showing another module\'s islands through its client face', 'src/modules/app/client/islands/X.tsx', "import { postColumns } from '../../../website/client';"],
    ['a module using the platform', 'src/modules/website/server/x.ts', "import { Refusal } from '../../../platform/errors';"],
    ['the module list naming every module', 'src/app/module-list.ts', "import * as website from '../modules/website/server/manifest';"],
    ['an island using its store and shared UI', 'src/modules/website/client/islands/X.tsx', "import { createPostsStore } from '../stores/posts';\nimport { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
