import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_website';

/**
 * Migrations listed in order. Imported rather than read from the folder at run time, because
 * the built server is a bundle in which the migration files no longer exist as files.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_website': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
