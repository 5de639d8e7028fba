import type { Kysely } from 'kysely';

/**
 * The school's header and footer built with blocks (issue 29 §3): `blocks` is their JSON
 * ({header, footer} lists of builder blocks), null for a frame of HTML, as every frame saved
 * before was (it stays as written until the school switches to blocks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_frames').addColumn('blocks', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_frames').dropColumn('blocks').execute();
}
