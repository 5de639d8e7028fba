import { defineTask } from '../../../../../platform/work/task';
import { readLeaversCsv } from './csv';

/** Reading a leavers file (decoding, separators, columns): on the work pool, before the roster is read. */
export const readLeaversCsvTask = defineTask('hapara.read-leavers-csv', ({ bytes, fields }: { bytes: Uint8Array; fields: readonly string[] }) =>
  readLeaversCsv(bytes, fields),
);
