import { describe, expect, test } from 'vitest';
import { newIdempotencyKey, noticeBody, noticeForm } from './notify.server.ts';

const texts = {
  titleVi: 'Lớp yoga mới',
  titleEn: 'A new yoga class',
  bodyVi: 'Từ thứ Hai, 18:00.',
  bodyEn: 'From Monday, 6 pm.',
};
const key = newIdempotencyKey();

describe('the staff notice form', () => {
  test('to one member: the phone typed with spaces is the member’s number', () => {
    const form = noticeForm.parse({
      target: 'member',
      phoneNumber: '0100 200 300',
      ...texts,
      link: '/classes',
      idempotencyKey: key,
    });
    expect(noticeBody(form)).toEqual({ to: { phoneNumber: '0100200300' }, ...texts, link: '/classes' });
  });
  test('to a club: its id; no link is none', () => {
    const form = noticeForm.parse({ target: 'club', clubId: '2', ...texts, link: '', idempotencyKey: key });
    expect(noticeBody(form)).toEqual({ to: { clubId: 2 }, ...texts, link: undefined });
  });
  test('says which field is wrong', () => {
    const issues = (input: Record<string, unknown>) =>
      noticeForm.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ target: 'member', phoneNumber: '12', ...texts, idempotencyKey: key })).toEqual([
      ['phoneNumber', 'phoneInvalid'],
    ]);
    expect(issues({ target: 'member', ...texts, idempotencyKey: key })).toEqual([['phoneNumber', 'phoneRequired']]);
    expect(issues({ target: 'club', ...texts, idempotencyKey: key })).toEqual([['clubId', 'required']]);
    expect(
      issues({ target: 'club', clubId: 1, ...texts, titleVi: ' ', link: '//evil.example', idempotencyKey: key }),
    ).toEqual([
      ['titleVi', 'required'],
      ['link', 'invalid'],
    ]);
    expect(issues({ target: 'club', clubId: 1, ...texts, bodyVi: 'a\u0000b', idempotencyKey: key })).toEqual([
      ['bodyVi', 'textUnstorable'],
    ]);
    expect(issues({ target: 'club', clubId: 1, ...texts, idempotencyKey: 'short' })).toEqual([
      ['idempotencyKey', 'invalid'],
    ]);
  });
  test('each form drawn has its own key the gateway accepts', () => {
    expect(newIdempotencyKey()).not.toBe(key);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
