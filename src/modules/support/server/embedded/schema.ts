import type { Generated } from 'kysely';

/** The support module's tables: the provider's announcements (home page) and changelog (drawer) (migration 0001). */
export interface AnnouncementTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  published_at: number;
}

export interface ChangelogTable {
  id: Generated<number>;
  slug: string;
  title: string;
  text: string;
  published_at: number;
}

/**
 * The helpdesk (migration 0021_support_helpdesk). Departments, priorities and statuses are the
 * provider's data, the same for every school; a status's `key` is what the helpdesk's rules name
 * it by (`open`, `awaiting`, `answered`, `closed`), `closed` (0/1) whether it closes a ticket.
 *
 * `support_tickets`: a school's ticket, named by its `number` (unique across schools, so a number
 * names one ticket for the provider too); the author's address and name as they were when it was
 * written, and the portal's origin it was written on (the reply emails link back there).
 * `support_messages`: its thread, `author` 'staff' (the school) or 'provider'.
 * `support_attachments`: a message's files, checked by their bytes and stored under
 * `<data dir>/support/<domain id>/<stored_name>` (never public: served to the school's session).
 * `support_articles`: the knowledgebase (Markdown), with the lowercased, accent-folded texts the
 * search compares.
 */
export interface SupportDepartmentTable {
  id: Generated<number>;
  name: string;
  position: number;
}

export interface SupportPriorityTable {
  id: Generated<number>;
  name: string;
  colour: string;
  position: number;
}

export type SupportStatusKey = 'open' | 'awaiting' | 'answered' | 'closed';

export interface SupportStatusTable {
  id: Generated<number>;
  key: SupportStatusKey;
  name: string;
  colour: string;
  closed: Generated<number>;
  position: number;
}

export interface SupportTicketTable {
  id: Generated<number>;
  domain_id: number;
  number: number;
  subject: string;
  department_id: number;
  priority_id: number;
  status_id: number;
  user_id: number | null;
  author_email: string;
  author_name: string;
  portal_origin: string;
  created_at: number;
  updated_at: number;
}

export type SupportMessageAuthor = 'staff' | 'provider';

export interface SupportMessageTable {
  id: Generated<number>;
  ticket_id: number;
  domain_id: number;
  author: SupportMessageAuthor;
  author_name: string;
  body: string;
  created_at: number;
}

export interface SupportAttachmentTable {
  id: Generated<number>;
  message_id: number;
  domain_id: number;
  name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  created_at: number;
}

export interface SupportArticleTable {
  id: Generated<number>;
  slug: string;
  title: string;
  category: string;
  body: string;
  search_title: string;
  search_body: string;
  created_at: number;
  updated_at: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    announcements: AnnouncementTable;
    changelog: ChangelogTable;
    support_departments: SupportDepartmentTable;
    support_priorities: SupportPriorityTable;
    support_statuses: SupportStatusTable;
    support_tickets: SupportTicketTable;
    support_messages: SupportMessageTable;
    support_attachments: SupportAttachmentTable;
    support_articles: SupportArticleTable;
  }
}
