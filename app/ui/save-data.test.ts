import { afterEach, describe, expect, test, vi } from 'vitest';
import { browserSavesData, saveDataRequested } from './save-data.ts';

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

describe('in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("the data saver's flag", () => {
    expect(browserSavesData()).toBe(false);
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(browserSavesData()).toBe(true);
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    expect(browserSavesData()).toBe(false);
  });
});
