import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { pathParams, type Call } from '../../src/lib/contract/calls';
import { shellCalls } from '../../src/lib/contract/shell';
import { SHELL_ENDPOINTS } from '../../src/lib/contract/shell-calls';
import { accountCalls } from '../../src/modules/account/contract';
import { ACCOUNT_ENDPOINTS } from '../../src/modules/account/calls';
import { supportCalls } from '../../src/modules/support/contract';
import { SUPPORT_ENDPOINTS } from '../../src/modules/support/calls';
import { supportHelpdeskCalls } from '../../src/modules/support/helpdesk-contract';
import { SUPPORT_HELPDESK_ENDPOINTS } from '../../src/modules/support/helpdesk-calls';
import { staffCalls } from '../../src/modules/staff/contract';
import { STAFF_ENDPOINTS } from '../../src/modules/staff/calls';
import { newsletterCalls } from '../../src/modules/newsletter/contract';
import { NEWSLETTER_ENDPOINTS } from '../../src/modules/newsletter/calls';
import { newsletterBuilderCalls } from '../../src/modules/newsletter/builder-contract';
import { NEWSLETTER_BUILDER_ENDPOINTS } from '../../src/modules/newsletter/builder-calls';
import { haparaCalls } from '../../src/modules/hapara/contract';
import { HAPARA_ENDPOINTS, STUDENTS_DOWNLOAD_PATH } from '../../src/modules/hapara/calls';
import { BOUNCE_WEBHOOK_ROUTE } from '../../src/modules/newsletter/server/embedded/bounces/webhooks';
import { websiteCalls } from '../../src/modules/website/contract';
import { WEBSITE_ENDPOINTS } from '../../src/modules/website/calls';
import { appCalls } from '../../src/modules/app/contract';
import { APP_ENDPOINTS } from '../../src/modules/app/calls';
import { CALL_TABLES, mountModuleApis } from '../../src/app/modules';
import { routePath } from '../../src/platform/http/calls';
import type { AppEnv } from '../../src/platform/http/types';

/** Each contract's table with its zod-free endpoints file (the pair must agree). */
const CONTRACTS: ReadonlyArray<{ module: string; table: Readonly<Record<string, Call>>; endpoints: Readonly<Record<string, { method: string; path: string }>> }> = [
  { module: 'account', table: shellCalls, endpoints: SHELL_ENDPOINTS },
  { module: 'account', table: accountCalls, endpoints: ACCOUNT_ENDPOINTS },
  { module: 'support', table: supportCalls, endpoints: SUPPORT_ENDPOINTS },
  { module: 'support', table: supportHelpdeskCalls, endpoints: SUPPORT_HELPDESK_ENDPOINTS },
  { module: 'website', table: websiteCalls, endpoints: WEBSITE_ENDPOINTS },
  // A module may serve several contracts (the newsletter and its builder): its manifest joins them.
  { module: 'newsletter', table: newsletterCalls, endpoints: NEWSLETTER_ENDPOINTS },
  { module: 'newsletter', table: newsletterBuilderCalls, endpoints: NEWSLETTER_BUILDER_ENDPOINTS },
  { module: 'hapara', table: haparaCalls, endpoints: HAPARA_ENDPOINTS },
  // One contract for both staff lists: the app's and, under /api/website/managestaff/, the website's.
  { module: 'staff', table: staffCalls, endpoints: STAFF_ENDPOINTS },
  { module: 'app', table: appCalls, endpoints: APP_ENDPOINTS },
];

/**
 * Routes no call table lists: a file the browser navigates to (not the JSON envelope), and the mail
 * providers' bounce webhooks (signed by the provider, no session; src/modules/newsletter/server/embedded/bounces).
 */
const FILE_ROUTES = [BOUNCE_WEBHOOK_ROUTE, `GET ${STUDENTS_DOWNLOAD_PATH}`];

/** Every module's calls, as the manifests give them. */
const entries: Array<[string, Call]> = Object.entries(CALL_TABLES).flatMap(([module, table]) =>
  Object.entries(table).map(([name, call]): [string, Call] => [`${module}.${name}`, call]),
);

describe('the call tables', () => {
  it('are every contract table, each in its module\'s manifest', () => {
    expect(Object.keys(CALL_TABLES).sort()).toEqual([...new Set(CONTRACTS.map((c) => c.module))].sort());
    for (const [module, manifestTable] of Object.entries(CALL_TABLES)) {
      const contracts = CONTRACTS.filter((c) => c.module === module);
      // The manifest's table is its contracts' calls, the same objects, no more and no fewer.
      expect(Object.keys(manifestTable).sort()).toEqual(contracts.flatMap((c) => Object.keys(c.table)).sort());
      for (const { table } of contracts) for (const [name, call] of Object.entries(table)) expect(manifestTable[name], `${module}.${name}`).toBe(call);
    }
  });

  it('give every call a method and path of its own', () => {
    const keys = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Nor may two paths differ only in their parameters' names (they would be one route).
    const shapes = entries.map(([, call]) => `${call.method} ${call.path.replace(/\{[^}]+\}/g, '{}')}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('keep each endpoint as its zod-free file has it, with a response schema', () => {
    for (const { module, table, endpoints } of CONTRACTS) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(endpoints).sort());
      for (const [name, call] of Object.entries(table as Record<string, Call>)) {
        expect({ method: call.method, path: call.path }, `${module}.${name}`).toEqual(endpoints[name]);
        expect(call.response, `${module}.${name}`).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it.each(entries)('%s: a path under /api, its {params} exactly those of its params schema', (_name, call) => {
    expect(call.path).toMatch(/^\/api\/[a-z0-9/{}_-]+$/i);
    const inPath = pathParams(call.path).sort();
    const inSchema = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
    expect(inSchema).toEqual(inPath);
    // A GET carries no body; a call has at most one kind of body.
    if (call.method === 'GET') expect(call.body ?? call.form).toBeUndefined();
    expect(call.body !== undefined && call.form !== undefined).toBe(false);
  });

  it('name the spec’s paths', () => {
    const keys = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/api/user',
        'GET /api/logout',
        'POST /api/login',
        'GET /api/support/updates',
        'GET /api/support/changelog',
        'GET /api/support/tickets',
        'GET /api/website/wordpress/categories',
        'GET /api/website/wordpress/posts',
        'GET /api/website/wordpress/pages',
        'GET /api/website/wordpress/galleries',
        'GET /api/website/wordpress/galleries/min',
        'GET /api/website/menu',
        'POST /api/website/posts/toggle',
        'POST /api/website/posts/delete',
        'POST /api/website/pages/create',
        'POST /api/website/pages/update',
        'POST /api/website/posts/create',
        'POST /api/website/posts/update',
        'POST /api/website/media/upload',
        'POST /api/website/media/upload/builder',
        'POST /api/website/gallery/new',
        'POST /api/website/gallery/upload',
        'POST /api/website/gallery/update',
        'POST /api/website/gallery/remove',
        'GET /api/newsletter/manage/list/load',
        'POST /api/newsletter/manage/add',
        'POST /api/newsletter/manage/delete',
        'GET /api/hapara/manage/studentlist',
        'GET /api/hapara/manage/students',
        'POST /api/hapara/manage/updatestudent',
        'POST /api/hapara/manage/students/add',
        'POST /api/hapara/manage/students/delete',
        'GET /api/hapara/manage/classes',
        'POST /api/hapara/upload/classmanagement',
        'GET /api/hapara/status',
        'GET /api/app/manage/stafflist',
        'POST /api/app/manage/stafflist/delete',
        'POST /api/app/manage/stafflist/move',
        'POST /api/app/manage/stafflist/new',
        'POST /api/app/manage/stafflist/update',
        'GET /api/account/users',
        'GET /api/account/users/{email}/delete',
        'POST /api/account/users/add',
      ]),
    );
  });
});

describe('the API and the call tables', () => {
  const api = new Hono<AppEnv>().basePath('/api');
  mountModuleApis(api);
  const routes = new Set(api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
  const calls = new Set(entries.map(([, call]) => `${call.method} /api${routePath(call.path)}`));

  it('serves every call of the tables', () => {
    expect([...calls].filter((call) => !routes.has(call))).toEqual([]);
  });

  it('serves nothing the tables do not list, but the file downloads and the bounce webhooks', () => {
    expect([...routes].filter((route) => !calls.has(route))).toEqual(FILE_ROUTES);
  });
});

describe('routePath', () => {
  it("turns a contract path into a route of an app mounted at the API's root", () => {
    expect(routePath('/api/api/user')).toBe('/api/user');
    expect(routePath('/api/website/wordpress/posts/{id}')).toBe('/website/wordpress/posts/:id');
    expect(routePath('/api/account/users/{email}/delete')).toBe('/account/users/:email/delete');
  });

  it('refuses a path outside the API', () => {
    expect(() => routePath('/website/posts')).toThrow(/\/api\//);
  });
});
