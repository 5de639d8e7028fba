/** The account screens' first HTML, loaded over the backend port (the same for both backends). */
import type { AccountBackend, ActivityPage } from './backend';

/** Account > Activity Log shows 20 entries a page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** A page of the school's audit log (who saw or exported personal data), newest first; a page past the end answers the last. */
export async function loadActivityLog(account: Pick<AccountBackend, 'activityPage'>, page: number): Promise<ActivityPage & { page: number }> {
  const first = await account.activityPage(page, ACTIVITY_PAGE_SIZE);
  if (page <= first.totalPages) return { ...first, page };
  return { ...(await account.activityPage(first.totalPages, ACTIVITY_PAGE_SIZE)), page: first.totalPages };
}
