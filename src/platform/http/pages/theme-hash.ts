import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '../../../lib/theme';

/** The CSP hash of the shell's inline theme script, computed from the text the page renders. */
export const THEME_BOOT_SCRIPT_HASH = `sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT, 'utf8').digest('base64')}` as const;
