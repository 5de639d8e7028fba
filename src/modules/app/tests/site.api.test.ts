import { createECDH, randomBytes } from 'node:crypto';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../../platform/runtime';
import {
  manifestResponse,
  OPT_IN_MAX_BYTES,
  pushKeyResponse,
  serviceWorkerResponse,
  subscribeResponse,
  unsubscribeResponse,
  feedResponse,
} from '../server/embedded/site/handlers';
import { PUSH_SERVICE_REFUSED, REQUEST_WINDOW_SECONDS, SUBSCRIBE_LIMITED, SUBSCRIBES_PER_IP } from '../server/embedded/subscriptions/service';
import { isAllowedPushEndpoint } from '../server/embedded/push/services';
import { createTestSchool, useTestContext, type TestSchool } from '../../../../tests/factories';

/**
 * What the app adds to a school's public site, on both databases: the web app manifest, the
 * service worker (scoped to the school's site), the VAPID key, and the opt-in's public calls
 * (checked input, only browsers' push services, a rate limit, scoped to the school). Only a
 * school with the website and the app has them.
 */
const ORIGIN = 'http://localhost';
let ipSequence = 0;

/** A subscription as a browser's push service would give it (real key sizes). */
function browserSubscription(service = 'https://fcm.googleapis.com/fcm/send') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${service}/${randomBytes(12).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('app: the public site', () => {
  const ctx = useTestContext();
  let rt: Runtime;
  let school: TestSchool;

  beforeAll(async () => {
    rt = ctx().runtime;
    school = await createTestSchool(ctx(), { products: { website: true, app: true }, name: 'Hillside "Primary"' });
  });

  /** A client address of its own, so one test's requests never count against another's limit. */
  function freshIp(): string {
    ipSequence += 1;
    return `192.0.2.${ipSequence}`;
  }

  function post(label: string, route: 'subscribe' | 'unsubscribe', body: string, ip = freshIp()): Promise<Response> {
    const request = new Request(`${ORIGIN}/sites/${label}/app/${route}`, { method: 'POST', body });
    return route === 'subscribe' ? subscribeResponse(rt, label, request, ip) : unsubscribeResponse(rt, label, request);
  }

  async function stored(s: TestSchool) {
    return ctx().db.selectFrom('app_push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('domain_id', '=', s.id).orderBy('id').execute();
  }

  async function message(res: Response): Promise<string | undefined> {
    return ((await res.json()) as { message?: string }).message;
  }

  describe('subscribe', () => {
    it("keeps a browser's subscription for the school; the same device again takes its new keys", async () => {
      const s = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const device = browserSubscription();
      const res = await post(s.label, 'subscribe', JSON.stringify(device));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ success: true, isAuthFailed: false });
      expect(await stored(s)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth }]);

      const renewed = { ...browserSubscription(), endpoint: device.endpoint };
      expect((await post(s.label, 'subscribe', JSON.stringify(renewed))).status).toBe(200);
      expect(await stored(s)).toEqual([{ endpoint: device.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }]);
      // Every browser's push service is taken.
      for (const service of ['https://updates.push.services.mozilla.com/wpush/v2', 'https://web.push.apple.com/QG', 'https://wns2-by3p.notify.windows.com/w']) {
        expect((await post(s.label, 'subscribe', JSON.stringify(browserSubscription(service)))).status).toBe(200);
      }
      expect(await stored(s)).toHaveLength(4);
    });

    it('refuses what is not a subscription, saying what is wrong, and keeps nothing', async () => {
      const s = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const device = browserSubscription();
      const cases: Array<[string, number, string]> = [
        ['not json', 400, 'The request is not JSON.'],
        [JSON.stringify({ keys: device.keys }), 400, 'endpoint: must be a push service address.'],
        [JSON.stringify({ endpoint: 'ftp://fcm.googleapis.com/x', keys: device.keys }), 400, 'endpoint: must be a push service address.'],
        [JSON.stringify({ endpoint: device.endpoint }), 400, 'keys: must hold p256dh and auth.'],
        [JSON.stringify({ ...device, keys: { ...device.keys, p256dh: 'short' } }), 400, 'keys.p256dh: must be a P-256 public key (65 bytes, base64url).'],
        [JSON.stringify({ ...device, keys: { ...device.keys, auth: `${device.keys.auth}AAAA` } }), 400, 'keys.auth: must be a 16-byte secret (base64url).'],
        [JSON.stringify({ ...device, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1000)}` }), 400, 'endpoint: is too long.'],
        [JSON.stringify({ ...device, padding: 'x'.repeat(OPT_IN_MAX_BYTES) }), 413, 'This request is too large.'],
      ];
      for (const [body, status, text] of cases) {
        const res = await post(s.label, 'subscribe', body);
        expect({ status: res.status, message: await message(res) }, body.slice(0, 80)).toEqual({ status, message: text });
      }
      expect(await stored(s)).toEqual([]);
    });

    it('takes only the browsers’ push services (and the operator’s): never an address of the server’s own network', async () => {
      const s = await createTestSchool(ctx(), { products: { website: true, app: true } });
      for (const endpoint of [
        'http://169.254.169.254/latest/meta-data',
        'https://127.0.0.1/notify/x',
        'http://localhost:5432/x',
        'https://evil.example.org/fcm/send/x',
        'https://fcm.googleapis.com.evil.example.org/fcm/send/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'http://fcm.googleapis.com/fcm/send/x',
        'https://user:secret@fcm.googleapis.com/fcm/send/x',
      ]) {
        const res = await post(s.label, 'subscribe', JSON.stringify({ ...browserSubscription(), endpoint }));
        expect({ endpoint, status: res.status, message: await message(res) }).toEqual({ endpoint, status: 400, message: PUSH_SERVICE_REFUSED });
      }
      expect(await stored(s)).toEqual([]);
      // PORTAL_PUSH_SERVICES adds origins, exactly.
      expect(isAllowedPushEndpoint('http://localhost:8090/notify/x', ['http://localhost:8090'])).toBe(true);
      expect(isAllowedPushEndpoint('http://localhost:8091/notify/x', ['http://localhost:8090'])).toBe(false);
    });

    it('limits the subscriptions one client address may make in an hour, across schools', async () => {
      const a = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const b = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const ip = freshIp();
      for (let i = 0; i < SUBSCRIBES_PER_IP; i += 1) {
        expect((await post(i % 2 ? a.label : b.label, 'subscribe', JSON.stringify(browserSubscription()), ip)).status).toBe(200);
      }
      const limited = await post(a.label, 'subscribe', JSON.stringify(browserSubscription()), ip);
      expect({ status: limited.status, message: await message(limited) }).toEqual({ status: 429, message: SUBSCRIBE_LIMITED });
      expect((await stored(a)).length + (await stored(b)).length).toBe(SUBSCRIBES_PER_IP);
      // Another address is not held back; this one is let through again after the hour.
      expect((await post(a.label, 'subscribe', JSON.stringify(browserSubscription()))).status).toBe(200);
      ctx().clock.advance(REQUEST_WINDOW_SECONDS);
      expect((await post(a.label, 'subscribe', JSON.stringify(browserSubscription()), ip)).status).toBe(200);
    });

    it('is not there for a school without the app or the website, or no school at all', async () => {
      const websiteOnly = await createTestSchool(ctx(), { products: { website: true } });
      const appOnly = await createTestSchool(ctx(), { products: { app: true } });
      for (const label of [websiteOnly.label, appOnly.label, 'nobody.test']) {
        const res = await post(label, 'subscribe', JSON.stringify(browserSubscription()));
        expect(res.status).toBe(404);
        for (const answer of [
          await manifestResponse(rt, label),
          await serviceWorkerResponse(rt, label),
          await pushKeyResponse(rt, label),
          await feedResponse(rt, label),
          await post(label, 'unsubscribe', '{}'),
        ]) {
          expect(answer.status).toBe(404);
          expect(answer.headers.get('cache-control')).toBe('no-store');
        }
      }
      expect(await stored(websiteOnly)).toEqual([]);
    });
  });

  describe('unsubscribe', () => {
    it('forgets the device for the school that has it only; the same answer when it was not kept', async () => {
      const a = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const b = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const device = browserSubscription();
      // The same browser allowed notifications on both schools' sites.
      await post(a.label, 'subscribe', JSON.stringify(device));
      await post(b.label, 'subscribe', JSON.stringify(device));

      const res = await post(b.label, 'unsubscribe', JSON.stringify({ endpoint: device.endpoint }));
      expect(res.status).toBe(200);
      expect(await stored(b)).toEqual([]);
      expect(await stored(a)).toHaveLength(1);
      expect((await post(b.label, 'unsubscribe', JSON.stringify({ endpoint: device.endpoint }))).status).toBe(200);
      const bad = await post(a.label, 'unsubscribe', JSON.stringify({ endpoint: 'nope' }));
      expect({ status: bad.status, message: await message(bad) }).toEqual({ status: 400, message: 'endpoint: must be a push service address.' });
    });
  });

  describe('the installable site', () => {
    it('has a web app manifest scoped to the school’s own site', async () => {
      const res = await manifestResponse(rt, school.label);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      expect(await res.json()).toMatchObject({
        id: `/sites/${school.label}/`,
        name: 'Hillside "Primary"',
        start_url: `/sites/${school.label}/`,
        scope: `/sites/${school.label}/`,
        display: 'standalone',
        icons: [expect.objectContaining({ src: '/favicon.svg' })],
      });
    });

    it('serves a service worker allowed the school’s site and no more, never cached, that no school name can break', async () => {
      const res = await serviceWorkerResponse(rt, school.label);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('service-worker-allowed')).toBe(`/sites/${school.label}/`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
      const source = await res.text();
      expect(source).toContain(`const SCHOOL = ${JSON.stringify('Hillside "Primary"')};`);

      const hostile = await createTestSchool(ctx(), { products: { website: true, app: true }, name: 'Evil\' "school"\n</script> */ alert(1) //' });
      const code = await (await serviceWorkerResponse(rt, hostile.label)).text();
      // It compiles, and the name is one string in it.
      expect(() => new vm.Script(code)).not.toThrow();
      const context: { SCHOOL?: string } = {};
      new vm.Script(`${code.replace(/self\.[\s\S]*$/, '')}; this.SCHOOL = SCHOOL;`).runInNewContext(context);
      expect(context.SCHOOL).toBe(hostile.name);
    });

    it('gives every school the server’s one VAPID public key', async () => {
      const other = await createTestSchool(ctx(), { products: { website: true, app: true } });
      const [a, b] = await Promise.all([pushKeyResponse(rt, school.label), pushKeyResponse(rt, other.label)]);
      const keyA = (await a.json()) as { publicKey: string };
      expect(keyA.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(await b.json()).toEqual(keyA);
    });
  });
});
