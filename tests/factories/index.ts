export * from './runtime';
export * from './accounts';
export * from './http';
export * from './database';

import type { Products } from '../../src/lib/contract/shell';
import { addTestUser, createTestSchool, type TestSchool, type TestUser } from './accounts';
import { signIn } from './http';
import type { TestContext } from './runtime';

/** A school with the given products, one of its users, and that user's session cookie. */
export async function signedInUser(
  ctx: TestContext,
  products: Partial<Products> = {},
  options: { clientAddress?: string } = {},
): Promise<{ school: TestSchool; user: TestUser; cookie: string }> {
  const school = await createTestSchool(ctx, { products });
  const user = await addTestUser(ctx, school);
  const cookie = await signIn(ctx.app, user, options);
  return { school, user, cookie };
}
