// `npm run bench -- --postgres`: each server of the run gets a new PostgreSQL database of its own
// (portal_bench_<random>) on the server of BENCH_DATABASE_URL (an admin address: a role that
// may create databases), dropped at the end, also on failure or Ctrl+C.
import crypto from 'node:crypto';
import pg from 'pg';

/** The development and CI machines' server (trust authentication, database `test`). */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function adminUrl() {
  return process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || DEFAULT_ADMIN_URL;
}

/** @type {Set<string>} */
const created = new Set();

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new, empty database; returns its address for DATABASE_URL. */
export async function createBenchDatabase() {
  const name = `portal_bench_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  created.add(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops every database this run created (after its servers are stopped). Safe to call twice. */
export async function dropBenchDatabases() {
  if (created.size === 0) return;
  const names = [...created];
  created.clear();
  await withAdmin(async (client) => {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** `PostgreSQL 15.20` of the admin server, for the report's header. */
export async function serverVersion() {
  return withAdmin(async (client) => {
    const { rows } = await client.query('show server_version');
    return `PostgreSQL ${String(rows[0]?.server_version ?? '?').split(' ')[0]}`;
  });
}
