import { useEffect, useState } from 'react';
import type { Uppy as UppyType } from '@uppy/core';
import type DashboardType from '@uppy/react/dashboard';
// The Dashboard's thumbnail generator adds its events to Uppy's event map.
import type {} from '@uppy/thumbnail-generator';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import type { GalleryEditorStore } from '../stores/gallery';

/** Spec: galleries. */
export const UPLOAD_PROMPT = 'Drag and drop images, or click to upload.';
export const IMAGES_ONLY = 'Image files only';
/** How long a finished upload stays listed (with its tick) before the drop area empties again. */
const FINISHED_LINGER_MS = 1200;
/** How long a finished image waits for its preview before it leaves the Dashboard anyway. */
const PREVIEW_WAIT_MS = 10_000;

type GalleryMeta = GalleryEditorStore['uploadTarget']['fields'];
/** The upload call's envelope, as the store reads it. */
type UploadBody = ReturnType<GalleryEditorStore['readUpload']>;

interface Loaded {
  uppy: UppyType<GalleryMeta, UploadBody>;
  Dashboard: typeof DashboardType;
}

export interface GalleryUploaderProps {
  store: GalleryEditorStore;
  /** The server's upload ceiling (PORTAL_MAX_UPLOAD_MB), checked before sending. */
  maxFileSize: number;
}

/**
 * Uppy's drag-and-drop Dashboard (images only), uploading each file at once to the gallery
 * upload call; each uploaded image joins the grid. Uppy makes the requests (for its progress
 * bars), but the call's address, headers and fields come from the store, and every answer is
 * settled by the store like any call's: an expired session goes to the login address, a failure
 * shows the generic toast. Uppy loads after the page is interactive, so the first HTML shows the
 * same prompt in a box of the same size.
 */
/** A 4xx the server chose (not a sign-in expiry, not 'too many requests', which may pass later). */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export function GalleryUploader({ store, maxFileSize }: GalleryUploaderProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let cancelled = false;
    let uppy: UppyType<GalleryMeta, UploadBody> | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    void (async () => {
      const [{ default: Uppy }, { default: XHRUpload }, { default: Dashboard }] = await Promise.all([
        import('@uppy/core'),
        import('@uppy/xhr-upload'),
        import('@uppy/react/dashboard'),
      ]);
      const target = store.uploadTarget;
      if (cancelled) return;
      uppy = new Uppy<GalleryMeta, UploadBody>({
        id: `gallery-${store.galleryId}`,
        autoProceed: true,
        restrictions: { allowedFileTypes: ['image/*'], maxFileSize },
        meta: target.fields,
        locale: { strings: { youCanOnlyUploadFileTypes: IMAGES_ONLY }, pluralize: (n: number) => (n === 1 ? 0 : 1) },
      });
      uppy.use(XHRUpload<GalleryMeta, UploadBody>, {
        endpoint: target.endpoint,
        method: target.method,
        fieldName: target.fieldName,
        formData: true,
        allowedMetaFields: Object.keys(target.fields),
        headers: { ...target.headers },
        limit: 3,
        // Retry only when the request never got an answer or the server was briefly away.
        shouldRetry: (xhr) => xhr.status === 0 || xhr.status === 502 || xhr.status === 503,
        getResponseData: (xhr) => store.readUpload(xhr.status, xhr.responseText),
      });

      const countUploading = () => {
        if (!uppy) return;
        store.setUploading(uppy.getFiles().filter((f) => !f.progress.uploadComplete && !f.error).length);
      };
      uppy.on('state-update', countUploading);

      // A finished image leaves the Dashboard only once its preview is settled: removing it while
      // the thumbnail generator still holds it makes Uppy log an error (a slow machine does that).
      const previewSettled = new Set<string>();
      const removalDue = new Set<string>();
      const removeWhenPreviewed = (id: string) => {
        if (!uppy?.getFile(id)) return;
        if (previewSettled.has(id)) return uppy.removeFile(id);
        removalDue.add(id);
        // A preview that never comes (the generator skipped the file) must not keep it forever.
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (removalDue.delete(id) && uppy?.getFile(id)) uppy.removeFile(id);
        }, PREVIEW_WAIT_MS);
        timers.add(timer);
      };
      const settlePreview = (file: { id: string } | undefined) => {
        if (!file) return;
        previewSettled.add(file.id);
        if (removalDue.delete(file.id) && uppy?.getFile(file.id)) uppy.removeFile(file.id);
      };
      uppy.on('thumbnail:generated', settlePreview);
      uppy.on('thumbnail:error', settlePreview);
      // One addFiles call reports its refused files first, then 'files-added' (maybe empty): a
      // refusal stays on screen until a later batch goes in cleanly.
      let refusedInThisBatch = false;
      uppy.on('restriction-failed', (_file, error) => {
        refusedInThisBatch = true;
        queueMicrotask(() => (refusedInThisBatch = false));
        setProblem(error.message || IMAGES_ONLY);
      });
      uppy.on('files-added', (files) => {
        if (files.length > 0 && !refusedInThisBatch) setProblem('');
      });
      uppy.on('upload-success', (file, response) => {
        if (!store.uploaded(response.body)) {
          if (file) uppy?.setFileState(file.id, { error: GENERIC_FAILURE });
          return;
        }
        if (file) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            removeWhenPreviewed(file.id);
          }, FINISHED_LINGER_MS);
          timers.add(timer);
        }
      });
      uppy.on('upload-error', (file, _error, response) => {
        // The store settles the answer (none at all when the network failed). xhr-upload hands
        // over its XMLHttpRequest here.
        const status = response instanceof XMLHttpRequest ? response.status : (response?.status ?? 0);
        const answer =
          response instanceof XMLHttpRequest
            ? store.readUpload(response.status, response.responseText)
            : (response?.body ?? store.readUpload(status, ''));
        store.uploadFailed(answer);
        // A refusal the server explained (a file it will never take) cannot succeed on a retry:
        // its reason shows under the uploader and the file leaves the Dashboard, Retry and all.
        // Anything else (no answer, a server error) keeps the Dashboard's Retry.
        const message = !answer.success && 'message' in answer ? answer.message : undefined;
        if (file && message && isRefusal(status)) {
          setProblem(`${file.name}: ${message}`);
          removeWhenPreviewed(file.id);
        }
      });
      setLoaded({ uppy, Dashboard });
    })();
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
      uppy?.destroy();
    };
  }, [store, maxFileSize]);

  return (
    <div className="gallery-uploader">
      {loaded ? (
        <loaded.Dashboard
          uppy={loaded.uppy}
          width="100%"
          height={260}
          proudlyDisplayPoweredByUppy={false}
          hideUploadButton
          disableInformer
          note="JPEG, PNG, GIF or WebP images; they upload at once and join the gallery when you press Save."
          locale={{
            strings: {
              dropPasteFiles: 'Drag and drop images, or %{browseFiles}',
              browseFiles: 'click to upload.',
              dashboardTitle: 'Upload images',
              dropHint: 'Drop your images here',
            },
          }}
        />
      ) : (
        <div className="gallery-uploader-placeholder" aria-busy="true">
          <p>{UPLOAD_PROMPT}</p>
        </div>
      )}
      <p className="gallery-uploader-problem text-danger" role="alert">
        {problem}
      </p>
    </div>
  );
}
