import type { Runtime } from '../../platform/runtime';
import { countSchools } from '../../modules/account/server/service';
import { isPlaceholderAddress } from '../../lib/links';

/**
 * What a real install still has to set, one line each, printed when the portal starts (boot), and
 * how to make the first school when there is none:
 * the defaults run a demo on one machine, and each of these is wrong for a school. Nothing once
 * they are all set.
 */
export async function installAdvice({ config, db }: Runtime): Promise<string[]> {
  const advice: string[] = [];
  if (!config.PORTAL_URL) advice.push('PORTAL_URL: the portal’s public https address (emailed links now name this machine).');
  if (!config.MAIL_URL) advice.push('MAIL_URL: your SMTP relay (until then no mail leaves this machine: it is kept in the outbox).');
  if (!config.PORTAL_MAIL_FROM && isPlaceholderAddress(config.PORTAL_PROVIDER_URL)) advice.push('PORTAL_MAIL_FROM: the address mail is sent from (now an example.org address).');
  if (isPlaceholderAddress(config.PORTAL_PROVIDER_URL)) advice.push('PORTAL_PROVIDER_URL and PORTAL_PROVIDER_NAME: your site and name, in every page’s footer.');
  if (isPlaceholderAddress(config.PORTAL_SUPPORT_URL)) advice.push('PORTAL_SUPPORT_URL: your support site (until then the updates’ “Read more” links are hidden).');
  const lines = advice.length ? ['Before schools use this install, set (README, Run it for a school):', ...advice.map((line) => `  - ${line}`)] : [];
  if ((await countSchools(db)) === 0) {
    lines.push(
      'No school yet (PORTAL_DEMO is off). Create one and its first user:',
      '  npm run portal -- create-school school.example --name "Hill School" --products all',
      '  npm run portal -- add-user school.example --email office@school.example --name "Office"',
    );
  }
  return lines;
}
