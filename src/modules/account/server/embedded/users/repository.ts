import type { Db } from '../../../../../platform/db';
import '../schema';

/**
 * All SQL of Manage Users and the invitations. A school's screens go through the functions that
 * take its domain id; the invitation's mail job and welcome page find an invitation by its id or
 * its token's hash (which only its link carries).
 */

export interface SchoolUserRow {
  id: number;
  email: string;
  name: string;
}

export interface InvitationRow {
  id: number;
  domain_id: number;
  email: string;
  name: string;
  invited_by: number | null;
  created_at: number;
  requested_at: number;
  sent_at: number | null;
  expires_at: number | null;
}

const INVITATION_COLUMNS = ['id', 'domain_id', 'email', 'name', 'invited_by', 'created_at', 'requested_at', 'sent_at', 'expires_at'] as const;

export function listSchoolUsers(db: Db, domainId: number): Promise<SchoolUserRow[]> {
  return db.selectFrom('users').select(['id', 'email', 'name']).where('domain_id', '=', domainId).orderBy('email').execute();
}

export function listSchoolInvitations(db: Db, domainId: number): Promise<InvitationRow[]> {
  return db.selectFrom('account_invitations').select(INVITATION_COLUMNS).where('domain_id', '=', domainId).orderBy('email').execute();
}

export async function countSchoolUsers(db: Db, domainId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The school's invitation to this address (each school has its own). */
export function findSchoolInvitation(db: Db, domainId: number, email: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('account_invitations').select(INVITATION_COLUMNS).where('domain_id', '=', domainId).where('email', '=', email).executeTakeFirst();
}

export function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  return db.selectFrom('account_invitations').select(INVITATION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertInvitation(
  db: Db,
  input: { domainId: number; email: string; name: string; invitedBy: number; now: number },
): Promise<InvitationRow> {
  const values = {
    domain_id: input.domainId,
    email: input.email,
    name: input.name,
    invited_by: input.invitedBy,
    created_at: input.now,
    requested_at: input.now,
  };
  const row = await db.insertInto('account_invitations').values(values).returning('id').executeTakeFirstOrThrow();
  return { ...values, id: Number(row.id), sent_at: null, expires_at: null };
}

/** Asks for a new mail (Send again): the job of this moment mints the next link. */
export async function markInvitationRequested(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('account_invitations').set({ requested_at: now }).where('id', '=', id).execute();
}

/**
 * Keeps the hash of the link the mail job is about to send, unless a newer request (Send again)
 * or the invitation's end (accepted, removed) came first. Returns whether it was kept.
 */
export async function storeInvitationToken(
  db: Db,
  id: number,
  requestedAt: number,
  token: { hash: string; sentAt: number; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('account_invitations')
    .set({ token_hash: token.hash, sent_at: token.sentAt, expires_at: token.expiresAt })
    .where('id', '=', id)
    .where('requested_at', '=', requestedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface InvitationWithSchool extends InvitationRow {
  school_name: string;
}

export function findInvitationByTokenHash(db: Db, hash: string): Promise<InvitationWithSchool | undefined> {
  return db
    .selectFrom('account_invitations as i')
    .innerJoin('domains as d', 'd.id', 'i.domain_id')
    .select([
      'i.id',
      'i.domain_id',
      'i.email',
      'i.name',
      'i.invited_by',
      'i.created_at',
      'i.requested_at',
      'i.sent_at',
      'i.expires_at',
      'd.name as school_name',
    ])
    .where('i.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Ends an invitation (accepted, or its person unauthorised); false when it was already gone. */
export async function deleteInvitation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('account_invitations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A user of this school; their sessions and reset links go with them (the tables cascade). */
export async function deleteSchoolUser(db: Db, domainId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('domain_id', '=', domainId).where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The name of a user of this school (an invitation names who sent it), if they are still there. */
export async function userName(db: Db, domainId: number, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('domain_id', '=', domainId).where('id', '=', userId).executeTakeFirst();
  return row?.name;
}
