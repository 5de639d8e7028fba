import { addUser, createSchool } from '../../src/modules/account/server/service';
import type { Products } from '../../src/lib/contract/shell';
import type { TestContext } from './runtime';

export const NO_PRODUCTS: Products = { hapara: false, newsletter: false, builder: false, website: false, app: false };

let sequence = 0;
/** Unique within a test process, so tests never collide on labels or emails. */
export function nextId(): number {
  sequence += 1;
  return sequence;
}

export interface TestSchool {
  id: number;
  label: string;
  name: string;
  products: Products;
}

export async function createTestSchool(
  ctx: TestContext,
  input: { label?: string; name?: string; products?: Partial<Products> } = {},
): Promise<TestSchool> {
  const n = nextId();
  const products: Products = { ...NO_PRODUCTS, ...input.products };
  const name = input.name ?? `Test School ${n}`;
  const school = await createSchool(ctx.db, { label: input.label ?? `school-${n}.test`, name, products }, ctx.clock.now);
  return { id: school.id, label: school.label, name, products };
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  password: string;
  label: string;
}

export async function addTestUser(
  ctx: TestContext,
  school: Pick<TestSchool, 'label'>,
  input: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  const n = nextId();
  const name = input.name ?? `Staff Member ${n}`;
  const user = await addUser(
    ctx.db,
    {
      label: school.label,
      email: input.email ?? `staff${n}@${school.label}`,
      name,
      password: input.password ?? `correct-horse-${n}`,
    },
    ctx.clock.now,
  );
  return { id: user.id, email: user.email, name, password: user.password, label: school.label };
}
