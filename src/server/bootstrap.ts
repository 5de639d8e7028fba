import type { Runtime } from './runtime';
import { migrateToLatest } from './db';
import { seedDemoIfEmpty } from './seed/demo';

/** Brings a database to the current schema and seeds it when empty; tells the operator the admin sign-in once. */
export async function prepareDatabase(runtime: Runtime, log: (line: string) => void = console.log): Promise<void> {
  await migrateToLatest(runtime.db);
  const admin = await seedDemoIfEmpty(runtime.db, runtime.config, runtime.clock);
  if (admin) {
    log('Seeded the demo school (demo.school). Sign in with:');
    log(`  email:    ${admin.email}`);
    log(
      runtime.config.PORTAL_ADMIN_PASSWORD
        ? '  password: (the one in PORTAL_ADMIN_PASSWORD)'
        : `  password: ${admin.password}   (shown once; change it with: npm run portal -- reset-password --email ${admin.email})`,
    );
  }
}
