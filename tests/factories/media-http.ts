import type { Api } from '../../src/app/api';
import { CLIENT_ADDRESS } from './http';

export interface TestFile {
  bytes: Uint8Array;
  name: string;
  /** The client's claimed type; the server must not believe it. */
  type?: string;
}

/** POSTs multipart/form-data (`file` plus text fields) as a browser's upload would. */
export function postMultipart(
  app: Api,
  path: string,
  parts: { file?: TestFile; fields?: Record<string, string> },
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const form = new FormData();
  if (parts.file) {
    const { bytes, name, type } = parts.file;
    form.append('file', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), name);
  }
  for (const [key, value] of Object.entries(parts.fields ?? {})) form.append(key, value);
  const headers: Record<string, string> = { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) };
  return Promise.resolve(app.request(path, { method: 'POST', body: form, headers }, { clientAddress: CLIENT_ADDRESS }));
}
