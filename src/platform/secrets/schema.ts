/**
 * The server's signing keys (foundation migration 0010_server_secrets), one per purpose (e.g.
 * 'preview', 'unsubscribe'): made on first use and kept in the database, so every instance on it
 * signs alike and a restart keeps links valid. Never sent to a browser or a log.
 */
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

declare module '../db/schema' {
  interface Database {
    server_secrets: ServerSecretTable;
  }
}
