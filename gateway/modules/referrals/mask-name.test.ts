import { expect, test } from 'vitest';
import { maskName } from './mask-name.ts';

test.each([
  ['Nguyễn Văn An', 'Nguyễn V… A'],
  ['Trần Bình', 'Trần B'],
  ['Ánh', 'Á…'],
  ['Đặng Thị Ngọc Ánh', 'Đặng T… N… Á'],
  ['  Lê   Ưng  ', 'Lê Ư'],
  ['', ''],
])('%j → %j', (name, masked) => {
  expect(maskName(name)).toBe(masked);
});

test('a name typed with combining marks (NFD) keeps whole letters', () => {
  const decomposed = 'Phạm Ánh Ổn'.normalize('NFD');
  expect(maskName(decomposed)).toBe('Phạm Á… Ổ');
});
