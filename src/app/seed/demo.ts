import type { Db } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { Clock } from '../../platform/clock';
import { addUser, countSchools, createSchool } from '../../modules/account/server/service';
import { MODULES } from '../modules';

export const DEMO_SCHOOL = { label: 'demo.school', name: 'Demo School' } as const;

/**
 * Seeds an empty database with the demo school and its admin, then every module's demo content
 * (its files in the data folder), all in one transaction. Returns the admin's sign-in when it
 * seeded, or null when the database already had a school (so starting twice never seeds twice) or
 * PORTAL_DEMO is off.
 */
export async function seedDemoIfEmpty(
  db: Db,
  config: Pick<Config, 'PORTAL_ADMIN_EMAIL' | 'PORTAL_ADMIN_PASSWORD' | 'PORTAL_DATA_DIR' | 'PORTAL_DEMO'>,
  clock: Clock,
): Promise<{ email: string; password: string } | null> {
  if (config.PORTAL_DEMO === 'off') return null;
  return db.transaction().execute(async (trx) => {
    if ((await countSchools(trx)) > 0) return null;
    const now = clock();
    const school = await createSchool(
      trx,
      { ...DEMO_SCHOOL, products: { hapara: true, newsletter: true, builder: true, website: true, app: true } },
      now,
    );
    const admin = await addUser(
      trx,
      {
        label: DEMO_SCHOOL.label,
        email: config.PORTAL_ADMIN_EMAIL ?? `admin@${DEMO_SCHOOL.label}`,
        name: 'Demo Admin',
        password: config.PORTAL_ADMIN_PASSWORD,
      },
      now,
    );
    for (const module of MODULES) await module.seedDemo?.(trx, school, now, { dataDir: config.PORTAL_DATA_DIR });
    return { email: admin.email, password: admin.password };
  });
}
