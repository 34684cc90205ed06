import { describe, expect, it } from 'vitest';
import { bothTexts, notice, smsText, text, type TextKey } from './texts.ts';
import { en } from './texts/en.ts';
import { vi } from './texts/vi.ts';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
const stem = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/u, '');
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/gu)].map((m) => m[1]).sort();

describe('the gateway notice catalogues', () => {
  const viTexts = leaves(vi as unknown as Tree);
  const enTexts = leaves(en as unknown as Tree);

  it('have the same texts in both languages, each with the same placeholders but for words one language lacks', () => {
    expect([...new Set(enTexts.map(([key]) => stem(key)))].sort()).toEqual(
      [...new Set(viTexts.map(([key]) => stem(key)))].sort(),
    );
    const enByStem = new Map(enTexts.map(([key, value]) => [stem(key), placeholders(value)]));
    const differences = viTexts.flatMap(([key, value]) => {
      const [inVi, inEn] = [placeholders(value), enByStem.get(stem(key))!];
      const only = (a: string[], b: string[]) => a.filter((name) => !b.includes(name));
      return only(inVi, inEn).length + only(inEn, inVi).length === 0
        ? []
        : [{ key, onlyVi: only(inVi, inEn), onlyEn: only(inEn, inVi) }];
    });
    // Vietnamese says "gói" of anything paid for, English names it (membership, PT package); the English PT
    // notice leaves out the number of sessions.
    expect(differences).toEqual([
      { key: 'payments.unbooked.body', onlyVi: [], onlyEn: ['noun'] },
      { key: 'payments.unbooked.alreadyPaid', onlyVi: [], onlyEn: ['noun'] },
      { key: 'pt.paid.body', onlyVi: ['sessions'], onlyEn: [] },
    ]);
  });

  it('write a counted text in every plural form of its language (English one and other, Vietnamese other)', () => {
    for (const [key] of enTexts.filter(([key]) => key.endsWith('_other'))) {
      expect(enTexts.map(([k]) => k)).toContain(key.replace(/_other$/u, '_one'));
    }
    expect(viTexts.filter(([key]) => key.endsWith('_one'))).toEqual([]);
    const frozen = { from: '01/12/2026', to: '14/12/2026', end: '14/01/2027' };
    expect(text('freeze.confirmed.bodyWithClasses', 'en', { ...frozen, count: 1 })).toContain(
      '1 class booking in that time was cancelled',
    );
    expect(text('freeze.confirmed.bodyWithClasses', 'en', { ...frozen, count: 3 })).toContain(
      '3 class bookings in that time were cancelled',
    );
    expect(text('freeze.confirmed.bodyWithClasses', 'vi', { ...frozen, count: 1 })).toContain(
      '1 lớp đã đặt trong thời gian này đã được hủy',
    );
  });

  it('fill each language with its own value and keep shared values', () => {
    const content = notice(
      'checkIn.done',
      { club: { vi: 'CLB Quận 1', en: 'District 1 club' }, time: '06:30' },
      { kind: 'MEMBERSHIP', link: '/home/check-in' },
    );
    expect(content).toEqual({
      kind: 'MEMBERSHIP',
      titleVi: 'Check-in thành công',
      titleEn: 'Checked in',
      bodyVi: 'Bạn đã check-in tại CLB Quận 1 lúc 06:30. Chúc bạn buổi tập vui!',
      bodyEn: 'You checked in at District 1 club at 06:30. Have a great workout!',
      link: '/home/check-in',
    });
  });

  it('send SMS unaccented, as the brandname templates are registered', () => {
    expect(smsText('account.otpSms', 'vi', { code: '123456' })).toBe(
      'Ma xac thuc cua ban la 123456. Ma co hieu luc trong 5 phut. Khong chia se ma nay cho bat ky ai.',
    );
    const lapsed = notice('subscription.lapsed', {}, { kind: 'PAYMENT', link: '/membership', sms: 'sms' });
    expect(lapsed.sms?.vi).toBe(
      'VietFit: Goi thang cua ban da ngung vi chua nhan duoc tien sau 7 ngay gia han. Ban co the dang ky lai trong ung dung bat cu luc nao.',
    );
    for (const [key] of viTexts.filter(([key]) => /sms/iu.test(key))) {
      for (const lang of ['vi', 'en'] as const) {
        expect(smsText(key as TextKey, lang, { code: '1', approves: 'x' })).toMatch(/^[\x20-\x7e]+$/u);
      }
    }
  });

  it('refuse a key the catalogue lacks instead of sending the key', () => {
    expect(() => bothTexts('pt.noSuchText' as TextKey)).toThrow(/no text "pt.noSuchText"/u);
    expect(() => notice('pt.paid', {}, { kind: 'PT', link: null, body: 'bodyTypo' })).toThrow(/no text/u);
  });
});
