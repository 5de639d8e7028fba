/**
 * New Gallery (/website/galleries/new): the title check, the create call, and the way on to the
 * new gallery's edit screen (which shows the success toast).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { websiteApi } from '../../calls';
import { MAX_GALLERY_TITLE_LENGTH } from '../../rules';
import { setFlash } from '../../../../lib/browser/flash';
import { createFormError } from '../../../../ui/stores/form-error';

/** Spec section 8. */
export const GALLERY_CREATED = 'Success! New gallery created!';
export const GALLERY_TITLE_REQUIRED = 'Please enter a title for the gallery.';
/** The title field's limit: the contract's. */
export const GALLERY_TITLE_MAX = MAX_GALLERY_TITLE_LENGTH;
export const GALLERY_EDIT_PATH = '/website/galleries/edit';

export interface NewGalleryStore {
  $saving: ReadableAtom<boolean>;
  /** What is wrong with the title ('' when nothing). */
  $error: ReadableAtom<string>;
  /**
   * Creates the gallery and goes to its edit screen: 'invalid' (the title is missing: $error
   * says so), 'failed' (the call failed: the spec's generic toast has shown) or 'created'.
   */
  create(title: string, navigate?: (path: string) => void): Promise<'invalid' | 'failed' | 'created'>;
  /** The user typed the title: a 'title required' error goes once there is one. */
  edited(title: string): void;
}

const assign = (path: string) => window.location.assign(path);

export function createNewGalleryStore(): NewGalleryStore {
  const $saving = atom(false);
  const titleError = createFormError(['title'] as const, GALLERY_TITLE_REQUIRED);
  const $error = computed(titleError.$error, (error) => error.message);
  return {
    $saving,
    $error,
    edited: (title) => titleError.edited('title', { title }),
    async create(title, navigate = assign) {
      if ($saving.get()) return 'failed';
      const trimmed = title.trim();
      if (!trimmed) {
        titleError.fail(GALLERY_TITLE_REQUIRED, 'title');
        return 'invalid';
      }
      titleError.clear();
      $saving.set(true);
      // Spec section 8: a failure shows the generic 'Failed! Please try again!' (the default).
      const res = await send(websiteApi.newGallery, { body: { title: trimmed } });
      if (!res) {
        $saving.set(false);
        return 'failed';
      }
      // The page is leaving: Create stays disabled until it has.
      setFlash(GALLERY_EDIT_PATH, GALLERY_CREATED);
      navigate(`${GALLERY_EDIT_PATH}?id=${res.id}`);
      return 'created';
    },
  };
}
