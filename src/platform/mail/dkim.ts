import crypto from 'node:crypto';
import fs from 'node:fs';
import { configError, type Config } from '../config';

/** nodemailer's DKIM options: it signs rsa-sha256 with relaxed/relaxed canonicalization. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Keys shorter than this are rejected by Gmail and others, and break in an afternoon. */
const MIN_RSA_BITS = 1024;

/**
 * The DKIM settings of this configuration, or undefined when MAIL_DKIM_ is not set. Reads and checks
 * the key file (boot runs this, so a bad key stops the start, not the first send); its errors name
 * the file and what is wrong, never the key.
 */
export function dkimSettings(config: Pick<Config, 'MAIL_DKIM_DOMAIN' | 'MAIL_DKIM_SELECTOR' | 'MAIL_DKIM_PRIVATE_KEY_FILE'>): DkimSettings | undefined {
  const { MAIL_DKIM_DOMAIN: domainName, MAIL_DKIM_SELECTOR: keySelector, MAIL_DKIM_PRIVATE_KEY_FILE: file } = config;
  if (!domainName || !keySelector || !file) return undefined;
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw configError(`MAIL_DKIM_PRIVATE_KEY_FILE ${reason}: ${file}`, 'MAIL_DKIM_PRIVATE_KEY_FILE');
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch {
    throw configError(`MAIL_DKIM_PRIVATE_KEY_FILE is not a PEM private key: ${file}`, 'MAIL_DKIM_PRIVATE_KEY_FILE');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw configError(`MAIL_DKIM_PRIVATE_KEY_FILE must hold an RSA key of ${MIN_RSA_BITS} bits or more (2048 is usual): ${file}`, 'MAIL_DKIM_PRIVATE_KEY_FILE');
  }
  return { domainName: domainName.toLowerCase(), keySelector, privateKey: pem };
}
