import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar.tsx';

describe('initials (issue 10 §12)', () => {
  it.each([
    ['Nguyễn Văn An', 'VA'],
    ['an', 'A'],
    ['', ''],
    ['  Trần   Thị   Ánh  ', 'TÁ'],
    // An emoji is one letter, never half of a surrogate pair ("T\uD83D").
    ['Thảo 🏋️‍♀️', 'T🏋️‍♀️'],
    ['😀 Minh', '😀M'],
    // A letter typed with combining marks (E + circumflex + dot below) stays whole, and composed.
    ['Hoàng E\u0302\u0323m', 'HỆ'],
    ['Lê Đức', 'LĐ'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
    expect(initialsOf(name)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
