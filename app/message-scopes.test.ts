import { expect, test } from 'vitest';
import { messageScope } from './message-scopes.ts';

test.each([
  ['/account', 'account'],
  ['/account/information/change-phone', 'account'],
  ['/support', 'account'],
  ['/accounting', ''],
  ['/history/membership/3', 'tabs'],
  ['/notification', 'push'],
  ['/notification/abc', 'push'],
  ['/home', ''],
  ['/', ''],
])('%s → %j', (pathname, scope) => expect(messageScope(pathname)).toBe(scope));
