/**
 * The call tables' machinery: each module's contract lists its calls once, and the server
 * (src/platform/http/calls.ts) and the browser client (src/lib/browser/send.ts) both derive from that
 * list, so a path and its schemas are never written twice.
 *
 * A call is split in two, so that the browser never ships zod:
 * - its endpoint, `{ method, path }`, in a zod-free file (`<module>-endpoints.ts`), which the
 *   browser imports;
 * - its schemas (`params`, `query`, `body` or `form`, `response`, `maxBytes`), joined to the
 *   endpoints in the module's contract by `defineCalls`; the browser imports only their types.
 *
 * This module imports zod's types only: it costs the browser nothing.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST';

/** Where a call goes. `{name}` in the path is a path parameter, e.g. `/api/website/wordpress/posts/{id}`. */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
}

/** What a call carries besides its endpoint. */
export interface CallSchemas {
  /** The path's `{name}` parameters. */
  readonly params?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** A JSON body. */
  readonly body?: z.ZodType;
  /** A multipart form (uploads): text fields and `z.file()` fields. */
  readonly form?: z.ZodType;
  /** The success response, envelope included (`successSchema({...})`). */
  readonly response: z.ZodType;
  /** The most the server reads of the body (JSON_MAX_BYTES when not given). */
  readonly maxBytes?: number;
}

/** One entry of a call table: `{ method, path, params?, query?, body?, form?, response, maxBytes? }`. */
export type Call = Endpoint & CallSchemas;

declare const CALL: unique symbol;

/**
 * An endpoint that knows its call's types (a phantom: nothing at run time), as the browser holds
 * it: `send(websiteApi.togglePost, ...)` infers the input and the response from it.
 */
export type TypedEndpoint<C extends Call> = { readonly method: C['method']; readonly path: C['path']; readonly [CALL]?: C };

/** A module's endpoints typed by its call table: what `<module>-endpoints.ts` exports for the browser. */
export type TypedEndpoints<Table extends Record<string, Call>> = { readonly [K in keyof Table]: TypedEndpoint<Table[K]> };

/** Joins a module's endpoints with its schemas: the call table. Every endpoint needs its schemas, and nothing else may be there. */
export function defineCalls<
  const Endpoints extends Record<string, Endpoint>,
  const Schemas extends { readonly [K in keyof Endpoints]: CallSchemas },
>(
  endpoints: Endpoints,
  schemas: Schemas & Record<Exclude<keyof Schemas, keyof Endpoints>, never>,
): { readonly [K in keyof Endpoints]: Endpoints[K] & Schemas[K] } {
  const table: Record<string, Call> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const own: CallSchemas = schemas[name as keyof Endpoints];
    table[name] = { ...own, method: endpoint.method, path: endpoint.path };
  }
  return table as { readonly [K in keyof Endpoints]: Endpoints[K] & Schemas[K] };
}

/** The same table seen as endpoints with their types (the browser's view). */
export function typedEndpoints<Table extends Record<string, Call>>(endpoints: { readonly [K in keyof Table]: Endpoint }): TypedEndpoints<Table> {
  return endpoints as TypedEndpoints<Table>;
}

/* ---- Types derived from a call ---- */

type Schema<C, K extends keyof CallSchemas> = C extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/**
 * What a client may send for a schema: its input type, except where that is `unknown` (coerced
 * fields such as ids and page numbers): there, the parsed type. Files may be any Blob.
 */
export type Sendable<In, Out> = unknown extends In
  ? Out
  : In extends Blob
    ? Blob
    : In extends readonly (infer InItem)[]
      ? Out extends readonly (infer OutItem)[]
        ? Sendable<InItem, OutItem>[]
        : In
      : In extends object
        ? Out extends object
          ? { [K in keyof In]: K extends keyof Out ? Sendable<In[K], Out[K]> : In[K] }
          : In
        : In;

/** No part: nothing to add. */
type Nothing = Record<never, never>;

type SendablePart<C, K extends keyof CallSchemas> = [Schema<C, K>] extends [never]
  ? Nothing
  : { [P in K]: Sendable<z.input<Schema<C, K>>, z.output<Schema<C, K>>> };

type ValidPart<C, K extends keyof CallSchemas> = [Schema<C, K>] extends [never] ? Nothing : { [P in K]: z.output<Schema<C, K>> };

type Flatten<T> = { [K in keyof T]: T[K] };

/** What a client sends: `{ params?, query?, body?, form? }`, as the call has them. */
export type CallInput<C extends Call> = Flatten<SendablePart<C, 'params'> & SendablePart<C, 'query'> & SendablePart<C, 'body'> & SendablePart<C, 'form'>>;

/** What a server handler receives: the same parts, validated and parsed by the call's schemas. */
export type ValidInput<C extends Call> = Flatten<ValidPart<C, 'params'> & ValidPart<C, 'query'> & ValidPart<C, 'body'> & ValidPart<C, 'form'>>;

/** The success response, envelope included. */
export type CallResponse<C extends Call> = z.output<C['response']>;

/** What a server handler returns: the response without the envelope's two flags. */
export type CallResult<C extends Call> = Omit<CallResponse<C>, 'success' | 'isAuthFailed'>;

/* ---- Paths ---- */

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The `{name}` parameters of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] ?? '');
}
