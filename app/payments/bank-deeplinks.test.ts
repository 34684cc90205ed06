import { describe, expect, it } from 'vitest';
import { bankAppLink, bankAppLinks } from './bank-deeplinks.ts';

const facts = {
  accountNumber: '9988 0000 0001',
  bankCode: 'VCB',
  accountName: 'CONG TY CO PHAN VIETFIT',
  amount: 5_490_000,
  memo: 'VFHSBC7Y3Y',
  returnUrl: 'https://app.example.vn/membership/payment/14',
};

describe('VietQR app deep links (vietqr.io/deeplink)', () => {
  it('names the app, the amount in digits, the memo, account@bankcode (lower case, @ kept) and the return URL as it is', () => {
    expect(bankAppLink('mb', facts)).toBe(
      'https://dl.vietqr.io/pay?app=mb&am=5490000&tn=VFHSBC7Y3Y&ba=998800000001@vcb&bn=CONG+TY+CO+PHAN+VIETFIT&url=https://app.example.vn/membership/payment/14',
    );
  });
  it('query-encodes the memo and name (spaces as +, & and # escaped)', () => {
    const href = bankAppLink('icb', { ...facts, memo: 'VF A&B#1', accountName: 'NGUYEN VAN A' });
    const url = new URL(href);
    expect(url.searchParams.get('tn')).toBe('VF A&B#1');
    expect(url.searchParams.get('bn')).toBe('NGUYEN VAN A');
    expect(url.searchParams.get('ba')).toBe('998800000001@vcb');
  });
  it('refuses what would make a wrong transfer: a relative return URL, an account with other characters', () => {
    expect(() => bankAppLink('mb', { ...facts, returnUrl: '/membership/payment/14' })).toThrow();
    expect(() => bankAppLink('mb', { ...facts, accountNumber: '123&am=1' })).toThrow();
  });
  it('lists the apps that fill in the transfer first', () => {
    const links = bankAppLinks(facts);
    expect(links.map((l) => l.appId)).toEqual(['mb', 'icb', 'bidv', 'acb', 'ocb', 'vcb', 'tcb']);
    const firstManual = links.findIndex((l) => !l.autofill);
    expect(links.slice(firstManual).every((l) => !l.autofill)).toBe(true);
  });
});
