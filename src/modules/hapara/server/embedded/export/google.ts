import { randomInt } from 'node:crypto';
import Papa from 'papaparse';
import type { StudentRecord } from '../students/repository';

/**
 * The approved roster in Google Workspace's bulk-user upload format (Admin console > Users >
 * Bulk update users), so a provider can apply it for real. Blank passwords leave existing users'
 * passwords as they are; Google requires one for a user it does not know yet.
 */

export const GOOGLE_COLUMNS = [
  'First Name [Required]',
  'Last Name [Required]',
  'Email Address [Required]',
  'Password [Required]',
  'Password Hash Function [UPLOAD ONLY]',
  'Org Unit Path [Required]',
  'Change Password at Next Sign-In',
] as const;

/** Letters and digits that cannot be misread (no 0/O, 1/l/I), and a few symbols Google accepts. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789!#%+=?@';
const PASSWORD_LENGTH = 16;

/** A random password of 16 characters from a 60-character alphabet (about 94 bits). */
export function strongPassword(): string {
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** A class's organisational unit: one per class under /Students (a slash in a code would open another level). */
export function orgUnitPath(classCode: string): string {
  return `/Students/${classCode.replace(/\//g, '-')}`;
}

export function googleWorkspaceCsv(students: readonly StudentRecord[], options: { passwords: boolean; password?: () => string }): string {
  const password = options.password ?? strongPassword;
  return Papa.unparse(
    {
      fields: [...GOOGLE_COLUMNS],
      data: students.map((s) => [
        s.first_name,
        s.last_name,
        s.email,
        options.passwords ? password() : '',
        '',
        orgUnitPath(s.class_code),
        options.passwords ? 'TRUE' : '',
      ]),
    },
    { newline: '\r\n' },
  );
}
