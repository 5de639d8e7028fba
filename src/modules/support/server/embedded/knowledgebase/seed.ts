import type { Db } from '../../../../../platform/db';
import { SEED_ARTICLES } from './articles';
import { addArticle } from './service';

/** The demo's knowledgebase: help for the portal's own screens (./articles.ts). */
export async function seedKnowledgebase(db: Db, now: number): Promise<void> {
  for (const article of SEED_ARTICLES) await addArticle(db, article, now);
}
