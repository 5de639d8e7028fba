/**
 * A module's routes written once, over its backend port: the interface of what its calls and
 * screens need (`src/modules/<module>/server/backend.ts`). Each backend mounts the same routes with
 * its own adapter: the embedded one (./port-embedded.ts) with a backend built on the request's
 * database context, upstream mode's (../upstream/port.ts) with one built on the legacy backend.
 *
 *   export const staffRoutes = routesOver<StaffBackend>((serve) => {
 *     serve(calls.list, async (staff) => ({ staff: await staff.listStaff('app') }));
 *     serve(calls.upload, (staff, { form }) => staff.uploadPhoto(form.file), { heavy: 'upload', upload: 'file' });
 *   });
 *
 * Kept free of Node-only code: the edge build bundles it with upstream mode.
 */
import type { Call, CallResult, ValidInput } from '../../lib/contract/calls';

type Awaitable<T> = T | Promise<T>;

/** What a call needs of the server beyond its backend; each adapter meets what applies to it. */
export interface PortNeeds {
  /** A heavy call takes its place in the school's lane of this kind (embedded: limits/heavy-calls.ts). */
  heavy?: 'document' | 'upload';
  /** An upload: its body read within the upload limit, the multipart form read with the file in this field ('none': no file). */
  upload?: string;
  /** With `upload`: a form without its file is refused ('Choose a file to upload.', 400) before the call's schema reads it. */
  fileRequired?: boolean;
  /** The call mails links: refused unless the request's host is one links may name (link-addresses.ts). */
  linkHost?: boolean;
  /** A GET that changes state (logout, user delete): only the portal's own scripts may make it. */
  scriptOnly?: boolean;
  /**
   * The call may end the caller's own session (removing their own account): an answer with
   * `signedOut: true` clears the portal's session cookie (upstream mode relays the legacy backend's cookies instead).
   */
  signsOut?: boolean;
}

/** A file a download answers (a CSV export): no JSON envelope. */
export interface PortFile {
  body: ReadableStream<Uint8Array> | string;
  contentType: string;
  /** The Content-Disposition header, e.g. `attachment; filename="students.csv"`. */
  disposition: string;
}

export type PortHandler<B, C extends Call> = (backend: B, input: ValidInput<C>) => Awaitable<CallResult<C>>;

/** A multipart body passed on unread, as it arrives (never held whole). */
export interface PortStream {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: string;
}

/**
 * What an upload call's handler gets (`serve.upload`): the form the portal read within the upload
 * limit and checked with the call's schema, or, for a backend that reads uploads itself (the
 * legacy one), the body streamed through unread, checked only for its type and declared size.
 */
export type PortUpload<F> = { readonly form: F } | { readonly stream: PortStream };

/** The parsed form of a call that has one. */
export type FormOf<C extends Call> = ValidInput<C> extends { form: infer F } ? F : never;

/**
 * A GET whose answer for a school changes only with a version the backend keeps (a large list):
 * `versioned` gives it on every call (null: none kept, the call is answered as any other). The
 * embedded adapter then answers with an ETag, a 304 to a client holding it, and keeps the answer's
 * text per school and version (port-embedded.ts), so a repeat costs neither the read nor the serialising.
 */
export interface PortVersioned<B> {
  versioned?: (backend: B) => Promise<string | null>;
}

export interface PortRoute<B> {
  readonly call: Call;
  readonly handle: PortHandler<B, Call>;
  readonly needs: PortNeeds & PortVersioned<B>;
  /** An upload (`serve.upload`): the same handler given the body unread, for an adapter that streams it through. */
  readonly stream?: (backend: B, body: PortStream) => Awaitable<CallResult<Call>>;
}

/** A GET that answers a file, not a call of the contract: it needs a session, as the calls do. */
export interface PortDownload<B> {
  readonly path: string;
  readonly handle: (backend: B) => Promise<PortFile>;
}

export interface PortRoutes<B> {
  readonly calls: readonly PortRoute<B>[];
  readonly downloads: readonly PortDownload<B>[];
}

export interface PortServe<B> {
  <C extends Call>(call: C, handle: PortHandler<B, C>, needs?: PortNeeds & PortVersioned<B>): void;
  /** A download at `path` (under /api), answered with a file. */
  download(path: string, handle: (backend: B) => Promise<PortFile>): void;
  /** An upload call (`needs.upload` names its file field): handled with its read form, or its body unread (PortUpload). */
  upload<C extends Call>(call: C, handle: (backend: B, upload: PortUpload<FormOf<C>>) => Awaitable<CallResult<C>>, needs: PortNeeds & { upload: string }): void;
}

/** A module's routes over its backend port `B`, in registration order (a static path before a `{param}` one that would match it). */
export function routesOver<B>(define: (serve: PortServe<B>) => void): PortRoutes<B> {
  const calls: PortRoute<B>[] = [];
  const downloads: PortDownload<B>[] = [];
  const serve = (<C extends Call>(call: C, handle: PortHandler<B, C>, needs: PortNeeds & PortVersioned<B> = {}) => {
    calls.push({ call, handle: handle as unknown as PortHandler<B, Call>, needs });
  }) as PortServe<B>;
  serve.download = (path, handle) => {
    downloads.push({ path, handle });
  };
  serve.upload = <C extends Call>(call: C, handle: (backend: B, upload: PortUpload<FormOf<C>>) => Awaitable<CallResult<C>>, needs: PortNeeds) => {
    calls.push({
      call,
      handle: (backend, input) => handle(backend, { form: (input as { form: FormOf<C> }).form }),
      needs,
      stream: (backend, body) => handle(backend, { stream: body }),
    });
  };
  define(serve);
  return { calls, downloads };
}

/** A download's answer: the file, never cached. */
export function fileResponse(file: PortFile): Response {
  return new Response(file.body, {
    status: 200,
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': file.disposition, 'Cache-Control': 'no-store' },
  });
}
