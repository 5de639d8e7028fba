/**
 * Learning in the Cloud's calls (spec section 7, Learning in the Cloud, and the few beyond it):
 * where each goes. The schemas join them in `haparaCalls` (./hapara.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { haparaCalls } from './contract';
import { HAPARA_ENDPOINTS } from './endpoints';

/**
 * `GET /api/hapara/manage/students/download`: the student list as a CSV file, opened in a new tab
 * (not a JSON call: the browser navigates to it).
 */
export const STUDENTS_DOWNLOAD_PATH = '/api/hapara/manage/students/download';

/** Learning in the Cloud's endpoints with their call types: `send(haparaApi.addStudent, { body })`. */
export const haparaApi = typedEndpoints<typeof haparaCalls>(HAPARA_ENDPOINTS);

export { HAPARA_ENDPOINTS };
