import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0003 from './0003_jobs';
import * as m0008 from './0008_mail_outbox';
import * as m0010 from './0010_server_secrets';
import * as m0014 from './0014_mail_outbox_message_ids';
import * as m0016 from './0016_audit_log';
import * as m0022 from './0022_jobs_fairness';

/**
 * The foundation's migrations (schools, users, sessions, sign-in failures, provider news; then the
 * job queue; the mail outbox; the signing keys; the outbox by Message-ID; the audit log; the jobs' schools); each module lists its own in its manifest. Imported rather than read from a folder
 * at run time, because the built server is a bundle in which the migration files no longer exist
 * as files.
 */
export const FOUNDATION_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': m0001,
  '0003_jobs': m0003,
  '0008_mail_outbox': m0008,
  '0010_server_secrets': m0010,
  '0014_mail_outbox_message_ids': m0014,
  '0016_audit_log': m0016,
  '0022_jobs_fairness': m0022,
};
