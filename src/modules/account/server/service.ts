/**
 * The embedded backend's schools and users: what other modules' embedded code finds through the
 * account's server face (./index.ts), the operator's commands and the demo seed. It stays beside
 * the port rather than in ./embedded/ because tests, benches and the seed import it by this path;
 * upstream mode never reaches it.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { forgetSchoolJobs } from '../../../platform/jobs';
import { storedFolder } from '../../../platform/media/store';
import type { Db } from '../../../platform/db';
import type { Products } from '../../../lib/contract/shell';
import { generatePassword, hashPassword } from '../../../platform/auth/passwords';
import { revokeUserSessions } from '../../../platform/auth/sessions';
import { productsOf } from '../../../lib/products';
import * as repo from './embedded/repository';
import { Refusal } from '../../../platform/errors';
import type { SchoolContext } from '../../../platform/context';
import { newPasswordSchema } from '../contract';
import { useUpResetLinks } from './embedded/password-reset/service';

/** A school's domain label, e.g. `demo.school`: a host name, lowercase. */
export const domainLabelSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, {
    error: 'A school label must be a domain name such as demo.school.',
  });
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, { error: 'That is not a valid email address.' })
  .pipe(z.email({ error: 'That is not a valid email address.' }));
export const personNameSchema = z.string().trim().min(1, { error: 'A name is required.' }).max(200);
export { newPasswordSchema };

export interface School {
  id: number;
  label: string;
  name: string;
  products: Products;
}

function toSchool(row: { id: number; label: string; name: string } & Record<keyof Products, number>): School {
  return { id: row.id, label: row.label, name: row.name, products: productsOf(row) };
}

/** The school with this label (case-insensitive), or null. Other modules find schools here. */
export async function findSchoolByLabel(db: Db, label: string): Promise<School | null> {
  const row = await repo.findDomainByLabel(db, label.trim().toLowerCase());
  return row ? toSchool(row) : null;
}

/** The school with this id, or null (a module naming the school of a record it holds). */
export async function findSchoolById(db: Db, id: number): Promise<School | null> {
  const row = await repo.findDomainById(db, id);
  return row ? toSchool(row) : null;
}

/** How many schools there are (the demo seed runs only on an empty database). */
export function countSchools(db: Db): Promise<number> {
  return repo.countDomains(db);
}

export async function createSchool(db: Db, input: { label: string; name: string; products: Products }, now: number): Promise<{ id: number; label: string }> {
  const label = domainLabelSchema.parse(input.label);
  if (await repo.findDomainByLabel(db, label)) throw new Refusal(400, 'invalid', `A school with the label ${label} already exists.`);
  const id = await repo.insertDomain(db, { label, name: personNameSchema.parse(input.name), products: input.products, now });
  return { id, label };
}

export async function setSchoolProducts(db: Db, label: string, products: Products): Promise<void> {
  const domain = await repo.findDomainByLabel(db, domainLabelSchema.parse(label));
  if (!domain) throw new Refusal(400, 'invalid', `No school has the label ${label}.`);
  await repo.updateDomainProducts(db, domain.id, products);
}

/**
 * Deletes a school and everything of it: its rows (cascading from its domain), its queued jobs and
 * its uploaded files. For the operator (e.g. the demo school once a real one runs); not undoable.
 */
export async function deleteSchool(db: Db, label: string, dataDir: string): Promise<{ id: number; label: string }> {
  const domain = await repo.findDomainByLabel(db, domainLabelSchema.parse(label));
  if (!domain) throw new Refusal(400, 'invalid', `No school has the label ${label}.`);
  const id = Number(domain.id);
  await db.transaction().execute(async (trx) => {
    await forgetSchoolJobs(trx, id);
    await repo.deleteDomain(trx, id);
  });
  // After the rows: a failure here leaves files nobody can reach, never rows pointing at no file.
  await rm(storedFolder(dataDir, id), { recursive: true, force: true });
  return { id, label: domain.label };
}

/** Adds a user to a school; generates a password when none is given and returns it. */
export async function addUser(
  db: Db,
  input: { label: string; email: string; name: string; password?: string | undefined },
  now: number,
): Promise<{ id: number; email: string; password: string }> {
  const domain = await repo.findDomainByLabel(db, domainLabelSchema.parse(input.label));
  if (!domain) throw new Refusal(400, 'invalid', `No school has the label ${input.label}.`);
  const email = emailSchema.parse(input.email);
  if (await repo.findUserByEmail(db, email)) throw new Refusal(400, 'invalid', `A user with the email ${email} already exists.`);
  const password = input.password === undefined ? generatePassword() : newPasswordSchema.parse(input.password);
  const id = await repo.insertUser(db, {
    domainId: domain.id,
    email,
    name: personNameSchema.parse(input.name),
    passwordHash: await hashPassword(password),
    now,
  });
  return { id, email, password };
}

/**
 * A user of the context's school by email, or null, never a user of another school: what the
 * school's own screens (Manage Users) act on.
 */
export async function findSchoolUser(ctx: SchoolContext, email: string): Promise<{ id: number; email: string; name: string } | null> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return null;
  const row = await repo.findSchoolUserByEmail(ctx.db, ctx.domain.id, parsed.data);
  return row ? { id: row.id, email: row.email, name: row.name } : null;
}

/** Sets a new password and signs the user out everywhere; the user's emailed reset links stop working. */
export async function resetPassword(
  db: Db,
  input: { email: string; password?: string | undefined },
  now: number,
): Promise<{ email: string; password: string }> {
  const email = emailSchema.parse(input.email);
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new Refusal(400, 'invalid', `No user has the email ${email}.`);
  const password = input.password === undefined ? generatePassword() : newPasswordSchema.parse(input.password);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUserPassword(trx, user.id, hash);
    await revokeUserSessions(trx, user.id);
    await useUpResetLinks(trx, user.id, now);
  });
  return { email, password };
}
