import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { FOUNDATION_MIGRATIONS } from '../../src/platform/db/migrations';
import { JOBS, MIGRATIONS, MODULE_COMMANDS, MODULES, SCHEDULES, mountModuleApis } from '../../src/app/modules';
import { MODULE_MENUS, PRODUCT_GATES, SHELL_MODULES } from '../../src/app/shell-modules';
import { UPSTREAM_MODULES } from '../../src/app/upstream/modules';
import { MODULE_LIST } from '../../src/app/module-list';
import type { AppEnv } from '../../src/platform/http/types';

describe('the module list', () => {
  it('names each module once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("builds every side of a module from its one entry in the list, each by the module's name", () => {
    for (const [name, manifest] of Object.entries(MODULE_LIST)) {
      expect([manifest.embedded.name, manifest.upstream.name, manifest.shell.name]).toEqual([name, name, name]);
    }
    expect(MODULES).toEqual(Object.values(MODULE_LIST).map((m) => m.embedded));
  });

  it('gives every module a shell, and an upstream implementation, in the same order', () => {
    const names = MODULES.map((m) => m.name);
    expect(SHELL_MODULES.map((m) => m.name)).toEqual(names);
    expect(UPSTREAM_MODULES.map((m) => m.name)).toEqual(names);
  });

  it("gives the sidebar the spec's groups in the spec's order", () => {
    expect(MODULE_MENUS.map((g) => g.label)).toEqual(['Website', 'App', 'Newsletter', 'Learning in the Cloud', 'Account', 'Support']);
  });

  it('collects every migration, named NNNN_what, each name once', () => {
    const fromModules = MODULES.flatMap((m) => Object.keys(m.migrations ?? {}));
    const all = [...Object.keys(FOUNDATION_MIGRATIONS), ...fromModules];
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(MIGRATIONS).sort()).toEqual([...all].sort());
    for (const name of all) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
  });

  it('gives no two modules a command of the same name', () => {
    const names = MODULES.flatMap((m) => Object.keys(m.commands ?? {}));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(MODULE_COMMANDS).sort()).toEqual([...names].sort());
  });

  it('handles every job name once, and schedules only jobs it handles', () => {
    const names = MODULES.flatMap((m) => Object.keys(m.jobs ?? {}));
    expect(new Set(names).size).toBe(names.length);
    for (const module of MODULES) for (const [name, handler] of Object.entries(module.jobs ?? {})) expect(JOBS[name]).toBe(handler);
    for (const schedule of SCHEDULES) expect(JOBS[schedule.name]).toBeDefined();
  });

  it('orders the product gates most specific first, so the builder needs both flags', () => {
    const builder = PRODUCT_GATES.findIndex((g) => g.prefix === '/newsletter/send/builder');
    const newsletter = PRODUCT_GATES.findIndex((g) => g.prefix === '/newsletter');
    expect(builder).toBeGreaterThanOrEqual(0);
    expect(builder).toBeLessThan(newsletter);
  });

  it("mounts each module's calls under its own prefix", () => {
    const api = new Hono<AppEnv>().basePath('/api');
    mountModuleApis(api);
    const paths = api.routes.map((r) => r.path);
    expect(paths).toContain('/api/login');
    expect(paths).toContain('/api/api/user');
    expect(paths).toContain('/api/website/posts/create');
    expect(paths).toContain('/api/support/changelog');
  });
});
