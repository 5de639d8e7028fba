import { describe, expect, it } from 'vitest';
import { applyRule, makeUsername, studentEmail, usernamePart } from '../server/embedded/username';
import { USERNAME_PATTERN } from '../rules';

/** 2025-06-15, unix seconds: the year a student is added. */
const NOW = Date.UTC(2025, 5, 15) / 1000;
const nobody = () => false;

describe('hapara usernames from the school’s rule', () => {
  it('fills first, last, initial and the year', () => {
    expect(applyRule('{first}.{last}{yy}', { first: 'Aroha', last: 'Ngata', now: NOW })).toBe('aroha.ngata25');
    expect(applyRule('{f}{last}{yyyy}', { first: 'Aroha', last: 'Ngata', now: NOW })).toBe('angata2025');
    expect(applyRule('{last}_{first}', { first: 'Tama', last: 'Parata', now: NOW })).toBe('parata_tama');
  });

  it('takes an extra field by its name, e.g. the student ID', () => {
    expect(applyRule('{f}{last}{Student ID}', { first: 'Mere', last: 'Walker', now: NOW, extra: { 'Student ID': '40213' } })).toBe('mwalker40213');
    // An extra field the student lacks leaves nothing behind, not a stray dot.
    expect(applyRule('{first}.{Missing}.{last}', { first: 'Mere', last: 'Walker', now: NOW })).toBe('mere.walker');
  });

  it('drops macrons and accents, apostrophes, spaces and hyphens from names, keeping the rule’s dots', () => {
    expect(usernamePart('Ātaahua')).toBe('ataahua');
    expect(usernamePart('Pōmare')).toBe('pomare');
    expect(applyRule('{first}.{last}{yy}', { first: 'Hēmi', last: 'Te Whata', now: NOW })).toBe('hemi.tewhata25');
    expect(applyRule('{first}.{last}', { first: 'Zoë', last: 'O’Brien-Ngāwhika', now: NOW })).toBe('zoe.obrienngawhika');
    expect(applyRule('{first}.{last}', { first: 'Siân', last: "D'Arcy", now: NOW })).toBe('sian.darcy');
    expect(applyRule('{first}.{last}', { first: 'José', last: 'Núñez St. John', now: NOW })).toBe('jose.nunezstjohn');
  });

  it('answers a mailbox name only, at most 64 characters', () => {
    const long = makeUsername(
      '{first}.{last}',
      { first: 'Wolfeschlegelsteinhausenbergerdorff', last: 'Keihanaikukauakahihuliheekahaunaele', now: NOW },
      nobody,
    );
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(USERNAME_PATTERN);
    // A name with nothing a username can hold still gets one.
    expect(makeUsername('{first}{last}', { first: '李', last: '王', now: NOW }, nobody)).toBe('student');
  });

  it('adds 2, 3, ... on a clash with the roster or a pending addition', () => {
    const taken = new Set(['aroha.ngata25', 'aroha.ngata252']);
    expect(makeUsername('{first}.{last}{yy}', { first: 'Aroha', last: 'Ngata', now: NOW }, (n) => taken.has(n))).toBe('aroha.ngata253');
    const plain = new Set(['tama.parata']);
    expect(makeUsername('{first}.{last}', { first: 'Tama', last: 'Parata', now: NOW }, (n) => plain.has(n))).toBe('tama.parata2');
    // A clash at the length limit keeps the suffix within it.
    const name = 'a'.repeat(40);
    const first = makeUsername('{first}{last}', { first: name, last: name, now: NOW }, nobody);
    expect(first).toHaveLength(64);
    const second = makeUsername('{first}{last}', { first: name, last: name, now: NOW }, (n) => n === first);
    expect(second).toHaveLength(64);
    expect(second.endsWith('2')).toBe(true);
  });

  it('makes the address at the school’s mail domain', () => {
    expect(studentEmail('aroha.ngata25', 'students.demo.school')).toBe('aroha.ngata25@students.demo.school');
  });
});
