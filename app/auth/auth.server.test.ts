import { expect, test } from 'vitest';

// config.server.ts reads the secret at import (and would write ./data/session-secret without it).
process.env.SESSION_SECRET = 'test-secret-auth-server';
const { formatPhone, safeRedirectPath } = await import('./auth.server.ts');

const appOrigin = 'https://app.example';
/** Where a browser goes when it follows `Location: value` from a page on the app. */
const browserOrigin = (value: string) => new URL(value, `${appOrigin}/language`).origin;

test.each<[string, unknown]>([
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with a path', '//evil.example/home'],
  ['slash-backslash (browsers read \\ as /)', '/\\evil.example'],
  ['slash-backslash-backslash', '/\\\\evil.example'],
  ['backslash-backslash', '\\\\evil'],
  ['backslash-slash', '\\/evil.example'],
  // Browsers drop tabs and newlines anywhere in a URL, so these read as "//evil.example".
  ['slash-tab-slash', '/\t/evil.example'],
  ['slash-newline-slash', '/\n/evil.example'],
  ['slash-tab-backslash', '/\t\\evil.example'],
  ['absolute https URL', 'https://evil.example'],
  ['absolute http URL', 'http://evil.example/home'],
  ['scheme-relative https', 'https:evil.example'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['relative path', 'home'],
  ['leading space before //', ' //evil.example'],
  ['empty string', ''],
  ['null (field missing from the form)', null],
  ['undefined', undefined],
  ['a number', 42],
  ['an object', { toString: () => '/home' }],
  ['a File from a multipart form', new File(['/home'], 'x.txt')],
])('refuses %s and falls back to /home', (_case, value) => {
  expect(safeRedirectPath(value)).toBe('/home');
});

test.each([
  ['/home'],
  ['/login?x=1'],
  ['/home#top'],
  ['/verify-otp?phone=0100123456&next=%2Fhome'],
  // Encoded slashes are path text for the browser: the page stays on the app.
  ['/%2F%2Fevil.example'],
  ['/%5Cevil.example'],
  ['/'],
])('lets the same-site path %s through unchanged', (value) => {
  expect(safeRedirectPath(value)).toBe(value);
  expect(browserOrigin(value)).toBe(appOrigin);
});

test('uses the given fallback instead of /home', () => {
  expect(safeRedirectPath('//evil.example', '/landing')).toBe('/landing');
  expect(safeRedirectPath(null, '/landing')).toBe('/landing');
  expect(safeRedirectPath('/login', '/landing')).toBe('/login');
});

// Generated cases: "/" then two characters that browsers may treat as slashes, strip, or keep.
// Whatever the function lets through, a browser following it must stay on the app's origin.
const tricky = ['/', '\\', '\t', '\n', '\r', ' ', '.', '@', '%2F', '%5C', '%09', ':'];
const generated = tricky.flatMap((a) => tricky.map((b) => `/${a}${b}evil.example`));

test.each(generated.map((value) => [JSON.stringify(value), value]))(
  'whatever is let through stays on the app: %s',
  (_label, value) => {
    const result = safeRedirectPath(value);
    expect(browserOrigin(result)).toBe(appOrigin);
  },
);

// Grouped 4-3-3 as Vietnamese numbers are read aloud; the separators may be no-break spaces.
test.each([
  ['0100123456', ['0100', '123', '456']],
  ['0912345678', ['0912', '345', '678']],
])('formatPhone(%j) shows the groups %j', (phone, groups) => {
  const shown = formatPhone(phone);
  expect(shown.split(/\s/u)).toEqual(groups);
  expect(shown.replace(/\s/gu, '')).toBe(phone);
});

test.each([
  // Anything that is not exactly ten digits is shown as typed, never mangled.
  ['01001234567'],
  ['010012345'],
  ['+84100123456'],
  ['0100 123 456'],
  [''],
])('formatPhone(%j) leaves it as typed', (phone) => {
  expect(formatPhone(phone)).toBe(phone);
});
