import { describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_ADMIN, LEGACY_SCHOOL } from '../legacy-backend/seed';

describe('upstream mode: the shell calls', () => {
  const up = useUpstream();

  it('answers GET /api/api/user from the legacy backend, its flags read whatever their shape', async () => {
    const res = await up().call('/api/api/user', { cookie: up().signIn() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      isAuthFailed: false,
      user: { name: LEGACY_ADMIN.name, domain: LEGACY_SCHOOL },
      domain: { hapara: true, newsletter: true, builder: true, website: true, app: true },
    });
  });

  it('is signed out (401, isAuthFailed) without the legacy cookie', async () => {
    const res = await up().call('/api/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: true });
  });
});
