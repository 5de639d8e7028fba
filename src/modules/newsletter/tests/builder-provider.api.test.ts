import { beforeAll, describe, expect, it } from 'vitest';
import { loadResponseSchema, loadTemplateResponseSchema, saveBuildResponseSchema } from '../builder-contract';
import { bodyOf, failure, get, postJson, signedInUser, useTestContext } from '../../../../tests/factories';

/**
 * Starting from a provider template (issue 29 §3): `new {name, provider}` makes the school a
 * build of its own with the template's document; saving it changes that build only, so the next
 * start from the same template is the provider's document again.
 */
const LOAD = '/api/newsletter/send/builder/load';
const NEW = '/api/newsletter/send/builder/new';
const SAVE = '/api/newsletter/send/builder/save';

describe('newsletter builder: provider templates', () => {
  const ctx = useTestContext();
  let cookie = '';

  beforeAll(async () => {
    ({ cookie } = await signedInUser(ctx(), { newsletter: true, builder: true }));
  });

  async function start(provider: string, name = 'Term news') {
    const res = await postJson(ctx().app, NEW, { name, provider }, cookie);
    expect(res.status).toBe(200);
    return loadTemplateResponseSchema.parse(await bodyOf(res)).build;
  }

  it('starts a build of the school’s own from a provider template, listed with its templates', async () => {
    const build = await start('term-news');
    expect(build.name).toBe('Term news');
    const body = build.build[1];
    expect(body.some((block) => block.type === 'columns')).toBe(true);
    expect(JSON.stringify(body)).toContain('welcome to Term 2');
    const loaded = loadResponseSchema.parse(await bodyOf(await get(ctx().app, LOAD, { cookie })));
    expect(loaded.build.id).toBe(build.id);
    expect(loaded.templates).toContainEqual({ id: build.id, name: 'Term news' });
  });

  it('never changes the provider’s template: a save changes the school’s build only', async () => {
    const first = await start('events-dates', 'Events & dates');
    const saved = await postJson(ctx().app, SAVE, { id: first.id, build: [[], [first.build[1][1]!], []] }, cookie);
    saveBuildResponseSchema.parse(await bodyOf(saved));
    const again = await start('events-dates', 'Events & dates');
    expect(again.id).not.toBe(first.id);
    expect(again.build).toEqual(first.build);
    const reopened = loadTemplateResponseSchema.parse(await bodyOf(await get(ctx().app, `/api/newsletter/send/builder/load/${first.id}`, { cookie }))).build;
    expect(reopened.build[1]).toHaveLength(1);
  });

  it('refuses a template that does not exist, and makes nothing', async () => {
    const before = loadResponseSchema.parse(await bodyOf(await get(ctx().app, LOAD, { cookie }))).templates.length;
    const refused = await failure(await postJson(ctx().app, NEW, { name: 'Mine', provider: 'nope' }, cookie));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('There is no such provider template.');
    expect(loadResponseSchema.parse(await bodyOf(await get(ctx().app, LOAD, { cookie }))).templates).toHaveLength(before);
  });
});
