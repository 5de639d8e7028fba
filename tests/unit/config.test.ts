import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isConfigError, parseConfig } from '../../src/platform/config';
import type { Refusal } from '../../src/platform/errors';

function configErrorOf(env: Record<string, string>): Refusal {
  try {
    parseConfig(env);
  } catch (err) {
    if (isConfigError(err)) return err;
    throw err;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe('parseConfig', () => {
  it('has sensible defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config.HOST).toBe('localhost');
    expect(config.PORT).toBe(4321);
    expect(config.PORTAL_LOGIN_URL).toBe('/login');
    expect(config.PORTAL_SESSION_DAYS).toBe(7);
    expect(config.PORTAL_SUPPORT_URL).toMatch(/^https:\/\//);
    expect(config.PORTAL_PROVIDER_URL).toMatch(/^https:\/\//);
    expect(config.PORTAL_PROVIDER_NAME).toBe('Staff Portal');
    expect(config.PORTAL_TIMEZONE).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(config.PORTAL_ADMIN_EMAIL).toBeUndefined();
    expect(config.PORTAL_ADMIN_PASSWORD).toBeUndefined();
    expect(config.PORTAL_DATA_DIR).toBe(path.resolve('./data'));
    expect(config.databaseFile).toBe(path.join(path.resolve('./data'), 'portal.db'));
    expect(config.PORTAL_DAILY_SEND_QUOTA).toBe(20_000);
  });

  it('reads given values, turning numbers into numbers and the data folder into an absolute path', () => {
    const config = parseConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      PORTAL_DATA_DIR: 'var/portal',
      PORTAL_TIMEZONE: 'Pacific/Auckland',
      PORTAL_SESSION_DAYS: '30',
      PORTAL_LOGIN_URL: 'https://login.example.org/',
      PORTAL_ADMIN_EMAIL: 'head@school.example',
      PORTAL_ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(8080);
    expect(config.PORTAL_TIMEZONE).toBe('Pacific/Auckland');
    expect(config.PORTAL_SESSION_DAYS).toBe(30);
    expect(config.PORTAL_LOGIN_URL).toBe('https://login.example.org/');
    expect(config.PORTAL_ADMIN_EMAIL).toBe('head@school.example');
    expect(path.isAbsolute(config.PORTAL_DATA_DIR)).toBe(true);
    expect(config.databaseFile).toBe(path.resolve('var/portal', 'portal.db'));
  });

  it('treats an empty admin email and password as not set', () => {
    const config = parseConfig({ PORTAL_ADMIN_EMAIL: '', PORTAL_ADMIN_PASSWORD: '  ' });
    expect(config.PORTAL_ADMIN_EMAIL).toBeUndefined();
    expect(config.PORTAL_ADMIN_PASSWORD).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['PORTAL_TIMEZONE', 'Mars/Olympus_Mons'],
    ['PORTAL_SESSION_DAYS', '0'],
    ['PORTAL_SESSION_DAYS', 'forever'],
    ['PORTAL_LOGIN_URL', 'login'],
    ['PORTAL_SUPPORT_URL', 'not a url'],
    ['PORTAL_ADMIN_EMAIL', 'not-an-email'],
    ['PORTAL_ADMIN_PASSWORD', 'short'],
    ['PORTAL_DAILY_SEND_QUOTA', '-1'],
    ['PORTAL_DAILY_SEND_QUOTA', 'lots'],
    ['PORTAL_DAILY_SEND_QUOTA', '10000001'],
  ])('refuses %s=%j with a one-line configuration error naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error).toMatchObject({ code: 'invalid_config', field: name });
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
    expect(error.message.length).toBeLessThan(300);
  });

  it('says what a good PORT looks like', () => {
    expect(configErrorOf({ PORT: 'abc' }).message).toMatch(/^Invalid configuration: PORT .*whole number.*"abc"/);
  });

  it('says what a good HOST looks like', () => {
    expect(configErrorOf({ HOST: ' ' }).message).toBe('Invalid configuration: HOST must be a host name or address to listen on, such as localhost or 0.0.0.0 (got " ").');
  });

  it('names the bad time zone and what is expected', () => {
    const message = configErrorOf({ PORTAL_TIMEZONE: 'Mars/Olympus_Mons' }).message;
    expect(message).toContain('PORTAL_TIMEZONE');
    expect(message).toMatch(/time zone/i);
    expect(message).toContain('Mars/Olympus_Mons');
  });

  it('names the first bad variable when several are wrong', () => {
    const message = configErrorOf({ PORT: 'abc', PORTAL_TIMEZONE: 'Nowhere/Land' }).message;
    expect(message).toMatch(/PORT|PORTAL_TIMEZONE/);
    expect(message).not.toContain('\n');
  });

  it('does not echo the admin password when it is refused', () => {
    const message = configErrorOf({ PORTAL_ADMIN_PASSWORD: 'secr3t' }).message;
    expect(message).toContain('PORTAL_ADMIN_PASSWORD');
    expect(message).not.toContain('secr3t');
  });

  describe('DATABASE_URL', () => {
    it('is unset by default: the SQLite file', () => {
      expect(parseConfig({}).DATABASE_URL).toBeUndefined();
      expect(parseConfig({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
    });

    it.each(['postgres://portal:pw@db.internal:5432/portal', 'postgresql://localhost/portal', 'postgres://127.0.0.1:5432/test'])(
      'accepts %s',
      (url) => {
        expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
      },
    );

    it.each(['mysql://u:hunter2@db/portal', 'portal.db', 'https://u:hunter2@db.example/portal', 'postgres//u:hunter2@db'])(
      'refuses %s naming the variable, never echoing the address (its password)',
      (url) => {
        const message = configErrorOf({ DATABASE_URL: url }).message;
        expect(message).toMatch(/^Invalid configuration: DATABASE_URL .*postgres:\/\/ or postgresql:\/\//);
        expect(message).not.toContain('\n');
        expect(message).not.toContain(url);
        expect(message).not.toContain('hunter2');
      },
    );
  });

  it('reads the bounce settings: a mailbox address checked by its parser, secrets never echoed', () => {
    const config = parseConfig({ MAIL_BOUNCE_DOMAIN: 'bounces.example.org', MAIL_BOUNCES_URL: 'imaps://bounces:s3cret@mail.example.org/INBOX', MAIL_WEBHOOK_SECRET: 'a-secret-of-sixteen+' });
    expect(config).toMatchObject({ MAIL_BOUNCE_DOMAIN: 'bounces.example.org', MAIL_WEBHOOK_SECRET: 'a-secret-of-sixteen+' });
    const noPassword = configErrorOf({ MAIL_BOUNCES_URL: 'pop3s://bounces@mail.example.org' });
    expect(noPassword.message).toMatch(/^Invalid configuration: MAIL_BOUNCES_URL has no password/);
    const wrongScheme = configErrorOf({ MAIL_BOUNCES_URL: 'smtp://bounces:s3cret@mail.example.org' });
    expect(wrongScheme.message).toContain('MAIL_BOUNCES_URL');
    expect(wrongScheme.message).not.toContain('s3cret');
    const shortSecret = configErrorOf({ MAIL_WEBHOOK_SECRET: 'short-one' });
    expect(shortSecret.message).toContain('MAIL_WEBHOOK_SECRET must be at least 16 characters');
    expect(shortSecret.message).not.toContain('short-one');
    expect(configErrorOf({ MAIL_BOUNCE_DOMAIN: 'not a domain' }).message).toContain('MAIL_BOUNCE_DOMAIN must be a domain name such as bounces.example.org');
  });
});
