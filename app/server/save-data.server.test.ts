import { describe, expect, test } from 'vitest';
import { saveDataRequested } from './save-data.server.ts';

describe('saveDataRequested', () => {
  test.each([
    ['on', true],
    ['On', true],
    [' on ', true],
    ['off', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('Save-Data: %j → %s', (header, expected) => expect(saveDataRequested(header)).toBe(expected));
});
