import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';
import { rangeText } from './list-footer.tsx';

const users = { one: 'user', other: 'users' };
const meta = (current_page: number, per_page: number, total: number) => ({
  current_page,
  per_page,
  total,
  last_page: Math.max(1, Math.ceil(total / per_page)),
});

describe('the range line under a list', () => {
  it('says which rows show and how many match', () => {
    expect(rangeText(meta(1, 25, 1234), 25, users)).toBe('1–25 of 1,234 users');
    expect(rangeText(meta(50, 25, 1234), 9, users)).toBe('1,226–1,234 of 1,234 users');
    expect(rangeText(meta(1, 25, 1), 1, users)).toBe('1–1 of 1 user');
    expect(rangeText(meta(1, 25, 0), 0, users)).toBe('0 users');
  });
});

describe('the name of a downloaded file', () => {
  const named = (header: string) => new Response('', { headers: { 'Content-Disposition': header } });
  it('comes from Content-Disposition, else the fallback', () => {
    expect(fileNameOf(named('attachment; filename="users.csv"'), 'x.csv')).toBe('users.csv');
    expect(fileNameOf(named("attachment; filename*=UTF-8''M%C3%BCller.xlsx"), 'x.xlsx')).toBe('Müller.xlsx');
    expect(fileNameOf(new Response(''), 'users-list.csv')).toBe('users-list.csv');
  });
});
