import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { isPhoneNumber } from '#api/phone.ts';
import { StarRating, type StarTexts } from './stars.tsx';

const texts: StarTexts = {
  legend: 'Mức độ hài lòng',
  star: (n) => `${String(n)} ngôi sao`,
  chosen: (n) => `Bạn chọn ${String(n)}/5 sao`,
  none: 'Chưa chọn sao nào',
};

it('puts the stars 1 → 5 in the markup (keyboard and screen readers count up) and keeps the one sent', () => {
  const html = renderToStaticMarkup(<StarRating id="r" name="rate" value="3" texts={texts} />);
  const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);
  expect(radios.map((tag) => /value="(\d)"/.exec(tag)?.[1])).toEqual(['1', '2', '3', '4', '5']);
  expect(radios.map((tag) => tag.includes('checked=""'))).toEqual([false, false, true, false, false]);
});

it('says the choice in a status line: on the server every line is there for the CSS to pick the checked one', () => {
  const html = renderToStaticMarkup(<StarRating id="r" name="rate" texts={texts} />);
  expect(html).toContain('role="status"');
  expect(html).toContain('<span data-n="0">Chưa chọn sao nào</span>');
  expect(html).toContain('<span data-n="4">Bạn chọn 4/5 sao</span>');
});

it("shows the server's error only while no star is chosen", () => {
  expect(renderToStaticMarkup(<StarRating id="r" name="rate" error="Trường bắt buộc" texts={texts} />)).toContain(
    'id="r-error"',
  );
  expect(
    renderToStaticMarkup(<StarRating id="r" name="rate" value="2" error="Trường bắt buộc" texts={texts} />),
  ).not.toContain('id="r-error"');
});

it('accepts a phone as §5 does once it is normalized: 10 digits, +84 and spaces allowed', () => {
  expect(['0901234567', '090 123 4567', '+84 901 234 567'].map(isPhoneNumber)).toEqual([true, true, true]);
  expect(['0901', '', '09012345678', 'abc'].map(isPhoneNumber)).toEqual([false, false, false, false]);
});
