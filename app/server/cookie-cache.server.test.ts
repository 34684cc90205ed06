import { createCookie } from 'react-router';
import { describe, expect, test } from 'vitest';
import { withParseCache } from './cookie-cache.server.ts';

const plain = createCookie('s', { secrets: ['new-secret', 'old-secret'] });
const cached = withParseCache(createCookie('s', { secrets: ['new-secret', 'old-secret'] }));

describe('withParseCache', () => {
  test('decodes what React Router signs, the first time and from memory, each time a fresh copy', async () => {
    const header = await plain.serialize({ token: 't', lang: 'vi' });
    const first = (await cached.parse(header)) as Record<string, string>;
    expect(first).toEqual({ token: 't', lang: 'vi' });
    first.token = 'changed by a session';
    expect(await cached.parse(header)).toEqual({ token: 't', lang: 'vi' });
  });

  test('a tampered or foreign signature is refused, from memory too; a rotated secret still verifies', async () => {
    const header = await plain.serialize({ accountId: 1 });
    const forged = header.replace(/^s=([^.;]+)/, (_, v: string) => `s=${v.slice(0, -2)}AA`);
    expect(await cached.parse(forged)).toBeNull();
    expect(await cached.parse(forged)).toBeNull();
    const byOld = await createCookie('s', { secrets: ['old-secret'] }).serialize({ accountId: 2 });
    expect(await cached.parse(byOld)).toEqual({ accountId: 2 });
    const byOther = await createCookie('s', { secrets: ['someone else'] }).serialize({ accountId: 3 });
    expect(await cached.parse(byOther)).toBeNull();
  });

  test('what it writes, React Router reads; no header is null', async () => {
    expect(await plain.parse(await cached.serialize({ lang: 'en' }))).toEqual({ lang: 'en' });
    expect(await cached.parse(null)).toBeNull();
    expect(cached.name).toBe('s');
    expect(cached.isSigned).toBe(true);
  });
});
