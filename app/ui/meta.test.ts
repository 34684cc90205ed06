import { expect, test } from 'vitest';
import { en } from '#app/locales/en/index.ts';
import { metaOf } from './meta.ts';

// After a switch of language the new language's parts arrive one by one, and <Meta> renders with
// what is in: a page's meta must not throw on a part missing (CI saw /login's do, once).
test('the title waits for the parts it needs, and never throws on a partial language', () => {
  expect(metaOf(undefined, 'login.title')).toEqual([{ title: 'VietFit' }]);
  expect(metaOf({ login: en.login } as never, 'login.title')).toEqual([{ title: 'VietFit' }]); // no shell part yet
  expect(metaOf({ app: en.app } as never, 'login.title')[0]).toEqual({ title: `${en.app.name} · ${en.app.slogan}` }); // the page's part not yet
  expect(metaOf({ app: en.app, login: en.login } as never, 'login.title')[0]).toEqual({
    title: `${en.login.title} · ${en.app.name}`,
  });
  expect(metaOf({ app: en.app } as never, undefined, 'Push-ups')[0]).toEqual({ title: `Push-ups · ${en.app.name}` });
});
