import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { SUPPORT_ENDPOINTS } from './endpoints';

export const announcementSchema = z.object({
  published_at: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  slug: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/support/updates */
export const updatesResponseSchema = successSchema({ data: z.array(announcementSchema) });

export const changelogItemSchema = z.object({ slug: z.string(), title: z.string(), text: z.string() });
export type ChangelogItem = z.infer<typeof changelogItemSchema>;

/** GET /api/support/changelog (text is sanitised HTML) */
export const changelogResponseSchema = successSchema({ data: z.array(changelogItemSchema) });

export const serviceStatusSchema = z.object({ ok: z.boolean(), text: z.string() });
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** GET /api/support/status: the drawer's 'Servers Status' */
export const statusResponseSchema = successSchema({ website: serviceStatusSchema, app: serviceStatusSchema });

/** The support module's calls: endpoints (./support-endpoints.ts) joined with their schemas. */
export const supportCalls = defineCalls(SUPPORT_ENDPOINTS, {
  updates: { response: updatesResponseSchema },
  changelog: { response: changelogResponseSchema },
  status: { response: statusResponseSchema },
});

/** Slugs name articles on the support site: lowercase words joined by hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use lowercase letters, digits and hyphens only.' })
  .max(200);
