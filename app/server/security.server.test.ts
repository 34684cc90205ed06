import { describe, expect, test } from 'vitest';
import { baseSecurityHeaders, documentCsp, newNonce, sandboxDemo, vnpayPayOrigin } from './security.server.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

test('form-action allows this site and the card pay host only (a no-JS payment form is redirected there)', () => {
  const csp = documentCsp('abc', 'https://sandbox.vnpayment.vn');
  expect(directive(csp, 'form-action')).toBe("form-action 'self' https://sandbox.vnpayment.vn");
  expect(directive(csp, 'script-src')).toContain("'nonce-abc'");
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
});

test.each([
  [{}, 'http://127.0.0.1:4000'],
  [{ GATEWAY_URL: 'http://127.0.0.1:4123/' }, 'http://127.0.0.1:4123'],
  [
    { GATEWAY_URL: 'http://127.0.0.1:4123', VNPAY_PAY_ORIGIN: 'https://pay.vnpay.vn/vpcpay.html' },
    'https://pay.vnpay.vn',
  ],
  [{ VNPAY_PAY_ORIGIN: '' }, 'http://127.0.0.1:4000'],
])('VNPAY_PAY_ORIGIN %j → %s', (env, origin) => {
  expect(vnpayPayOrigin(env)).toBe(origin);
});

test.each(['javascript:alert(1)', 'not a url', "https://x.example 'unsafe-inline'"])(
  'a bad VNPAY_PAY_ORIGIN (%s) stops the start with its name',
  (value) => {
    expect(() => vnpayPayOrigin({ VNPAY_PAY_ORIGIN: value })).toThrow(/VNPAY_PAY_ORIGIN/);
  },
);

test('only a sandbox demo lets its own pages be framed (the /try phone frame); production frames nothing', () => {
  expect(directive(documentCsp('abc', 'https://x.example', false), 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(baseSecurityHeaders(true, false)['X-Frame-Options']).toBe('DENY');
  expect(directive(documentCsp('abc', 'https://x.example', true), 'frame-ancestors')).toBe("frame-ancestors 'self'");
  expect(baseSecurityHeaders(false, true)['X-Frame-Options']).toBe('SAMEORIGIN');
  expect(sandboxDemo({})).toBe(false);
  expect(sandboxDemo({ SANDBOX: 'false' })).toBe(false);
  expect(sandboxDemo({ SANDBOX: 'true' })).toBe(true);
});

describe('newNonce', () => {
  test('16 random bytes in base64, never the same twice across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});
