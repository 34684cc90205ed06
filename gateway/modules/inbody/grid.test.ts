import { expect, test } from 'vitest';
import { mean3x3, regionsOf } from './grid.ts';

test('4-connected regions in the order of their first pixel; a diagonal touch does not join two', () => {
  // 1 1 0 0
  // 0 1 0 1
  // 1 0 0 1
  const grid = [1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1];
  const regions = regionsOf(4, 3, (i) => grid[i] === 1).map((r) => [...r].sort((a, b) => a - b));
  expect(regions).toEqual([[0, 1, 5], [7, 11], [8]]);
});

test('a region along the right edge does not wrap to the next row', () => {
  // 0 1
  // 1 0
  expect(regionsOf(2, 2, (i) => i === 1 || i === 2)).toEqual([[1], [2]]);
});

test('the 3 × 3 mean counts only the neighbours inside the grid', () => {
  // 0 3
  // 6 9
  expect([...mean3x3([0, 3, 6, 9], 2, 2, new Float64Array(4))]).toEqual([4.5, 4.5, 4.5, 4.5]);
  // 0 3 6: the middle one has three neighbours, each end two.
  expect([...mean3x3([0, 3, 6], 3, 1, new Float64Array(3))]).toEqual([1.5, 3, 4.5]);
});
