import { describe, expect, it, vi } from 'vitest';
import { aFile, toasts, toastTexts, useFakeBrowser } from '../../../../../ui/stores/test-support';
import { builderApi } from '../../../builder-calls';
import type { StoredBuild } from '../../../builder-contract';
import { BUILD_SAVED, COLUMN_IN_COLUMN, FRAME_SAVED, SECTION_DELETED, type Build } from '../../../builder-rules';
import { createBuilderStore } from './builder';
import { createBlock } from './document';

vi.mock('../../../../../lib/browser/toast', () => import('../../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const text = createBlock('text', () => 'text1');
const columns = createBlock('columns', () => 'cols1');
const stored: StoredBuild = { id: 7, name: 'June', build: [[], [text, columns], []], updated_at: 1_750_000_000 };
const FRAME = { header: '<p>Hill School</p>', footer: '<p>Unsubscribe</p>', blocks: null };

const createStore = () => createBuilderStore({ stored, templates: [{ id: 7, name: 'June' }], frame: FRAME });
const bodyTypes = (build: Build) => build[1].map((block) => block.type);

describe('The newsletter builder', () => {
  const browser = useFakeBrowser('/newsletter/send/builder');

  it('adds a palette block at the end of the body, selects it and saves the build at once, quietly', async () => {
    browser.api.answer(builderApi.builderSave, { id: 7, updated_at: 1_750_000_100 });
    const store = createStore();

    await store.add('divider');

    expect(bodyTypes(store.$build.get())).toEqual(['text', 'columns', 'divider']);
    expect(store.$selected.get()).toBe(store.$build.get()[1][2]?.id);
    expect(store.$tab.get()).toBe('blocks');
    expect(store.$announcement.get()).toBe('Divider block added.');
    expect(browser.api.sentTo(builderApi.builderSave).map((c) => c.body)).toEqual([{ id: 7, build: store.$build.get() }]);
    expect(store.isDirty()).toBe(false);
    expect(toastTexts()).toEqual([]);
  });

  it('keeps an added block unsaved, with the server’s reason, when the save is refused', async () => {
    browser.api.refuse(builderApi.builderSave, { message: 'Error! A newsletter can hold at most 300 blocks.' });
    const store = createStore();

    await store.add('spacer');
    expect(bodyTypes(store.$build.get())).toEqual(['text', 'columns', 'spacer']);
    expect(store.isDirty()).toBe(true);
    expect(toastTexts()).toEqual(['error: Error! A newsletter can hold at most 300 blocks.']);
    expect(store.$busy.get()).toBe(false);
  });

  it('saves on request with its toast; a change made while the save was away stays unsaved', async () => {
    const held = browser.api.hold(builderApi.builderSave);
    const store = createStore();
    store.setSettings('text1', { margin: 10 });

    const saving = store.save();
    expect(store.$busy.get()).toBe(true);
    store.setData('text1', { html: '<p>Changed meanwhile</p>' });
    held.answer({ id: 7, updated_at: 1 });
    expect(await saving).toBe(true);

    expect(toastTexts()).toEqual([`success: ${BUILD_SAVED}`]);
    expect(store.isDirty()).toBe(true);
    // Undo back to what was saved is clean again.
    store.undo();
    expect(store.isDirty()).toBe(false);
  });

  it('counts a text being typed as unsaved until its HTML reaches the document', () => {
    const store = createStore();
    store.markTyping();
    expect(store.isDirty()).toBe(true);
  });

  it('shows the save state beside Save: nothing at first, unsaved after a change or typing, saved after Save', async () => {
    browser.api.answer(builderApi.builderSave, { id: 7, updated_at: 2 });
    const store = createStore();
    expect(store.$saveState.get()).toBe('clean');

    store.setSettings('text1', { margin: 4 });
    expect(store.$saveState.get()).toBe('dirty');
    expect(await store.save()).toBe(true);
    expect(store.$saveState.get()).toBe('saved');

    store.markTyping();
    expect(store.$saveState.get()).toBe('dirty');
    store.setData('text1', { html: '<p>Typed</p>' });
    expect(store.$saveState.get()).toBe('dirty');
    expect(await store.save()).toBe(true);
    expect(store.$saveState.get()).toBe('saved');
    // Undo past the save is unsaved again; redo back to it is saved.
    store.undo();
    expect(store.$saveState.get()).toBe('dirty');
    store.redo();
    expect(store.$saveState.get()).toBe('saved');
  });

  it('keeps words typed while a save was away unsaved, and a typed text that changed nothing saved', async () => {
    const held = browser.api.hold(builderApi.builderSave);
    const store = createStore();
    store.markTyping();
    const saving = store.save();
    store.markTyping();
    held.answer({ id: 7, updated_at: 3 });
    expect(await saving).toBe(true);
    expect(store.$saveState.get()).toBe('dirty');

    // Typed, then put back as it was: its text never changed the document, and Save clears the mark.
    browser.api.answer(builderApi.builderSave, { id: 7, updated_at: 4 });
    expect(await store.save()).toBe(true);
    expect(store.$saveState.get()).toBe('saved');
    expect(store.isDirty()).toBe(false);
  });

  it('marks each palette block as added, and a second block of the same type is announced again', async () => {
    browser.api.answer(builderApi.builderSave, { id: 7, updated_at: 5 });
    const store = createStore();
    const seen: Array<string | undefined> = [];
    store.$added.listen((added) => seen.push(added?.id));

    await store.add('image');
    await store.add('image');

    const [first, second] = store.$build.get()[1].slice(2);
    expect(seen).toEqual([first?.id, second?.id]);
    expect(store.$selected.get()).toBe(second?.id);
    // The live region's text changes (a trailing no-break space), so screen readers speak the repeat.
    const announced: string[] = [];
    store.$announcement.listen((text) => announced.push(text));
    await store.add('columns');
    expect(store.$announcement.get()).toBe('Columns block added.');
    await store.add('columns');
    expect(announced).toEqual(['Columns block added.', 'Columns block added.\u00a0']);
    expect(store.$saveState.get()).toBe('saved');
  });

  it('a new build or a loaded template starts with nothing to say beside Save', async () => {
    const template: StoredBuild = { id: 3, name: 'Spring', build: [[text], [], []], updated_at: 1 };
    browser.api.answer(builderApi.builderSave, { id: 7, updated_at: 6 }).answer(builderApi.builderLoadTemplate, { build: template });
    const store = createStore();
    store.setSettings('text1', { margin: 8 });
    await store.save();
    expect(store.$saveState.get()).toBe('saved');
    expect(await store.loadTemplate(3)).toBe(true);
    expect(store.$saveState.get()).toBe('clean');
  });

  it('deletes a block with a toast whose click puts it back where it was', () => {
    const store = createStore();
    store.select('text1');
    expect(store.$tab.get()).toBe('style');

    store.remove('text1');
    expect(bodyTypes(store.$build.get())).toEqual(['columns']);
    expect(store.$selected.get()).toBeNull();
    expect(toastTexts()).toEqual([`info: ${SECTION_DELETED}`]);
    expect(store.$announcement.get()).toBe('Text block deleted.');

    toasts[0]?.onClick?.();
    expect(bodyTypes(store.$build.get())).toEqual(['text', 'columns']);
    expect(store.$selected.get()).toBe('text1');
    expect(store.$announcement.get()).toBe('Block restored.');
  });

  it('refuses a column within a column, saying so', () => {
    const store = createStore();
    const before = store.$build.get();
    store.intoColumn('cols1');
    expect(store.$build.get()).toBe(before);
    expect(toastTexts()).toEqual([`error: ${COLUMN_IN_COLUMN}`]);
    expect(store.$announcement.get()).toBe(COLUMN_IN_COLUMN);
  });

  it('moves a block into the column after it and out again, announcing each', () => {
    const store = createStore();
    store.intoColumn('text1');
    expect(bodyTypes(store.$build.get())).toEqual(['columns']);
    expect(store.$announcement.get()).toBe('Text block moved into the column.');
    store.outOfColumn('text1');
    expect(bodyTypes(store.$build.get())).toContain('text');
    expect(store.$announcement.get()).toBe('Text block moved out of the column.');
    store.undo();
    store.undo();
    expect(store.$build.get()).toBe(stored.build);
    store.redo();
    expect(bodyTypes(store.$build.get())).toEqual(['columns']);
  });

  it('duplicates a block and selects the copy', () => {
    const store = createStore();
    store.duplicate('text1');
    expect(bodyTypes(store.$build.get())).toEqual(['text', 'text', 'columns']);
    const copy = store.$build.get()[1][1];
    expect(copy?.id).not.toBe('text1');
    expect(store.$selected.get()).toBe(copy?.id);
    expect(store.$announcement.get()).toBe('Text block duplicated.');
  });

  it('starts a new build, which heads the templates', async () => {
    const fresh: StoredBuild = { id: 9, name: 'July', build: [[], [], []], updated_at: 1 };
    browser.api.answer(builderApi.builderNew, { build: fresh });
    const store = createStore();
    store.select('text1');

    expect(await store.newBuild('July')).toBe(true);
    expect(browser.api.sentTo(builderApi.builderNew)[0]?.body).toEqual({ name: 'July' });
    expect(store.$build.get()).toEqual([[], [], []]);
    expect(store.$meta.get()).toEqual({ id: 9, name: 'July' });
    expect(store.$templates.get()).toEqual([
      { id: 9, name: 'July' },
      { id: 7, name: 'June' },
    ]);
    expect(store.$selected.get()).toBeNull();
    expect(store.$history.get().past).toEqual([]);
    expect(store.isDirty()).toBe(false);
  });

  it('loads a template in place of the document; a failed load leaves it', async () => {
    const template: StoredBuild = { id: 3, name: 'Spring', build: [[text], [], []], updated_at: 1 };
    browser.api.refuse(builderApi.builderLoadTemplate).answer(builderApi.builderLoadTemplate, { build: template });
    const store = createStore();

    expect(await store.loadTemplate(3)).toBe(false);
    expect(store.$meta.get()).toEqual({ id: 7, name: 'June' });
    expect(await store.loadTemplate(3)).toBe(true);
    expect(store.$meta.get()).toEqual({ id: 3, name: 'Spring' });
    expect(store.$announcement.get()).toBe('“Spring” loaded.');
    expect(browser.api.sent.map((c) => `${c.method} ${c.path}`)).toEqual(Array(2).fill('GET /api/newsletter/send/builder/load/3'));
  });

  it('renders the document for the preview and its size', async () => {
    browser.api.answer(builderApi.builderRender, { html: '<html>June</html>', bytes: 17 });
    const store = createStore();
    expect(await store.render()).toEqual({ html: '<html>June</html>', bytes: 17 });
    expect(browser.api.sentTo(builderApi.builderRender)[0]?.body).toEqual({ build: stored.build });
  });

  it('uploads an image or file: its address and name, or the server’s reason', async () => {
    browser.api.answer(builderApi.builderUpload, { url: '/uploads/s/menu.pdf', text: 'menu.pdf' });
    const store = createStore();

    expect(await store.upload(aFile('menu.pdf'))).toEqual({ url: '/uploads/s/menu.pdf', text: 'menu.pdf' });
    expect(browser.api.sentTo(builderApi.builderUpload)[0]?.form).toHaveProperty('section-image-file');

    browser.api.refuse(builderApi.builderUpload, { message: 'This type of file cannot be uploaded.' });
    expect(await store.upload(aFile('run.exe'))).toBeNull();
    expect(toastTexts()).toEqual(['error: This type of file cannot be uploaded.']);
  });

  it('saves the school’s header and footer and shows what the server kept', async () => {
    browser.api.answer(builderApi.builderSaveFrame, { header: '<p>Hill</p>', footer: '<p>Bye</p>', blocks: null });
    const store = createStore();

    expect(await store.saveFrame({ header: '<p>Hill</p><script>x</script>', footer: '<p>Bye</p>' })).toBe(true);
    expect(browser.api.sentTo(builderApi.builderSaveFrame)[0]?.body).toEqual({ header: '<p>Hill</p><script>x</script>', footer: '<p>Bye</p>' });
    expect(store.$frame.get()).toEqual({ header: '<p>Hill</p>', footer: '<p>Bye</p>', blocks: null });
    expect(toastTexts()).toEqual([`success: ${FRAME_SAVED}`]);

    browser.api.refuse(builderApi.builderSaveFrame, { message: 'The header can be at most 20000 characters.' });
    expect(await store.saveFrame({ header: 'x', footer: 'y' })).toBe(false);
    expect(store.$frame.get()).toEqual({ header: '<p>Hill</p>', footer: '<p>Bye</p>', blocks: null });
  });
});
