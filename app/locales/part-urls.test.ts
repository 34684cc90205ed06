import { expect, test } from 'vitest';
import { partUrlList } from '#app/server/locale-chunks.server.ts';
import { partUrlsFromList, type PartUrls } from './messages.ts';

// ADR 068: the root's data carries the parts' URLs as one compact string.
const urls: PartUrls = {
  shell: '/assets/shell-RwhTHY77.js',
  auth: '/assets/auth-DFrzeIZD.js',
  // A hash that starts with the separator.
  pt: '/assets/pt--xge4Hf7.js',
  // Named otherwise (another Vite naming, a CDN): kept whole.
  home: '/static/home.3f2a.js',
};

test('hashes for the chunks named <part>-<hash>.js, whole URLs otherwise; back to the same map', () => {
  const list = partUrlList(urls);
  expect(list).toBe('shell=RwhTHY77 auth=DFrzeIZD pt=-xge4Hf7 home=/static/home.3f2a.js');
  expect(partUrlsFromList(list)).toEqual(urls);
});

test('an empty list is no URLs; an entry without a part is skipped', () => {
  expect(partUrlsFromList('')).toEqual({});
  expect(partUrlsFromList('=abc shell=RwhTHY77')).toEqual({ shell: '/assets/shell-RwhTHY77.js' });
});
