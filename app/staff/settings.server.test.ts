import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, test } from 'vitest';
import {
  couponCampaignForm,
  flatValues,
  formFieldErrors,
  freezeOptionForm,
  parseIntent,
  paymentPlanForm,
  rowsAfter,
  rowWithCode,
  settingsQuery,
  withoutRow,
} from './settings.server.ts';
import { settingsHref } from './settings-place.ts';

/** As the browser posts it: the page's forms go through conform like the action's. */
const post = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const errorsOf = (submission: { status?: 'success' | 'error'; error?: unknown }) =>
  submission.status === 'error' ? submission.error : undefined;

describe('a freeze price', () => {
  test.each([
    ['250.000', 250_000],
    ['250 000 ₫', 250_000],
    ['1,500,000', 1_500_000],
  ])('%s is %d', (price, amount) => {
    const submission = parseWithZod(
      post([
        ['intent', 'freeze-option'],
        ['days', '7'],
        ['price', price],
        ['isActive', 'on'],
      ]),
      { schema: freezeOptionForm },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({ price: amount, isActive: true });
  });

  test('an unticked box turns the option off', () => {
    const submission = parseWithZod(post([['price', '100000']]), { schema: freezeOptionForm });
    expect(submission.status === 'success' && submission.value).toEqual({ price: 100_000, isActive: false });
  });

  test.each([
    ['', 'required'],
    ['abc', 'numberInvalid'],
    ['0', 'numberTooSmall'],
    ['1.000.000.001', 'numberOutOfRange'],
  ])('%s is refused with %s', (price, message) => {
    expect(errorsOf(parseWithZod(post([['price', price]]), { schema: freezeOptionForm }))).toEqual({
      price: [message],
    });
  });
});

describe('a plan’s prices', () => {
  const plan = (values: Record<string, string>) =>
    parseWithZod(
      post(
        Object.entries({
          originalPrice: '5.490.000',
          planDiscount: '0',
          joiningFee: '500 000',
          joiningFeeDiscount: '0',
          isActive: 'on',
          ...values,
        }),
      ),
      { schema: paymentPlanForm },
    );

  test('typed as the desk types them, zero discounts allowed', () => {
    const submission = plan({});
    expect(submission.status === 'success' && submission.value).toEqual({
      originalPrice: 5_490_000,
      planDiscount: 0,
      joiningFee: 500_000,
      joiningFeeDiscount: 0,
      isActive: true,
    });
  });

  test('every refused field says so at once', () => {
    expect(errorsOf(plan({ originalPrice: '0', planDiscount: 'x', joiningFee: '' }))).toEqual({
      originalPrice: ['numberTooSmall'],
      planDiscount: ['numberInvalid'],
      joiningFee: ['required'],
    });
  });
});

describe('a coupon campaign', () => {
  const names: [string, string][] = [
    ['nameVi', 'Chào hè'],
    ['nameEn', 'Summer'],
    ['descriptionVi', 'Giảm giá mùa hè'],
    ['descriptionEn', 'Summer discount'],
  ];

  test('two coupons: a percentage with a cap for two clubs, an amount with an end and a limit', () => {
    const submission = parseWithZod(
      post([
        ...names,
        ['coupons[0].code', ' summer10 '],
        ['coupons[0].percentOff', '10 %'],
        ['coupons[0].maxDiscount', '200.000'],
        ['coupons[0].appliesTo', 'membership'],
        ['coupons[0].validFrom', '2026-12-01'],
        ['coupons[0].clubIds', '1'],
        ['coupons[0].clubIds', '3'],
        ['coupons[1].code', 'HE100K'],
        ['coupons[1].amountOff', '100 000'],
        ['coupons[1].appliesTo', 'both'],
        ['coupons[1].validFrom', '2026-12-01'],
        ['coupons[1].validTo', '2026-12-31'],
        ['coupons[1].usageLimit', '1.000'],
        ['coupons[1].newCustomerOnly', 'on'],
      ]),
      { schema: couponCampaignForm },
    );
    expect(submission.status).toBe('success');
    const value = submission.status === 'success' ? submission.value : undefined;
    expect(value?.coupons[0]).toMatchObject({
      code: 'SUMMER10',
      percentOff: 10,
      maxDiscount: 200_000,
      validFrom: '2026-12-01T00:00:00+07:00',
      clubIds: [1, 3],
      newCustomerOnly: false,
    });
    expect(value?.coupons[0]?.validTo).toBeUndefined();
    expect(value?.coupons[1]).toMatchObject({
      code: 'HE100K',
      amountOff: 100_000,
      appliesTo: 'both',
      validTo: '2026-12-31T23:59:59+07:00',
      usageLimit: 1000,
      newCustomerOnly: true,
    });
    expect(value?.coupons[1]?.clubIds ?? null).toBeNull(); // every club
  });

  test('each field’s message under its name; then the rules across fields', () => {
    const fields = parseWithZod(
      post([
        ...names.slice(1),
        ['coupons[0].code', 'AB'],
        ['coupons[0].amountOff', 'mười'],
        ['coupons[0].validFrom', ''],
      ]),
      { schema: couponCampaignForm },
    );
    expect(errorsOf(fields)).toEqual({
      nameVi: ['required'],
      'coupons[0].code': ['invalid'],
      'coupons[0].amountOff': ['numberInvalid'],
      'coupons[0].validFrom': ['required'],
    });

    const across = parseWithZod(
      post([
        ...names,
        ['coupons[0].code', 'ABCD'],
        ['coupons[0].validFrom', '2026-12-10'],
        ['coupons[0].validTo', '2026-12-01'],
      ]),
      { schema: couponCampaignForm },
    );
    expect(errorsOf(across)).toEqual({ 'coupons[0].percentOff': ['required'], 'coupons[0].validTo': ['invalid'] });

    const twice = parseWithZod(
      post([
        ...names,
        ['coupons[0].code', 'ABCD'],
        ['coupons[0].percentOff', '5'],
        ['coupons[0].validFrom', '2026-12-01'],
        ['coupons[1].code', 'abcd'],
        ['coupons[1].percentOff', '5'],
        ['coupons[1].validFrom', '2026-12-01'],
      ]),
      { schema: couponCampaignForm },
    );
    expect(errorsOf(twice)).toEqual({ coupons: ['invalid'] });
  });
});

describe('the page’s helpers', () => {
  test('intents: a save, or a row removed by its index; anything else is not ours', () => {
    expect(parseIntent('freeze-option')).toEqual({ kind: 'freeze-option' });
    expect(parseIntent('remove-coupon:3')).toEqual({ kind: 'remove-coupon', index: 3 });
    expect(parseIntent('remove-section:x')).toBeNull();
    expect(parseIntent('delete-everything')).toBeNull();
    expect(parseIntent(null)).toBeNull();
  });

  test('the query falls back to the first section and page; the address keeps only what the section uses', () => {
    expect(settingsQuery.parse({ section: 'nope', page: 'x', club: 'abc' })).toEqual({
      section: 'version',
      page: 'terms-condition',
      club: undefined,
      end: undefined,
    });
    expect(settingsHref({ section: 'plans', club: 3, page: 'about' })).toBe('/staff/settings?section=plans&club=3');
    expect(settingsHref({ section: 'pages', page: 'about' })).toBe('/staff/settings?section=pages&page=about');
  });

  test('rows: one more or one fewer, never none', () => {
    const payload = { sections: [{}, {}] };
    expect(rowsAfter(payload, 'sections', 1)).toBe(3);
    expect(rowsAfter({ coupons: [{}] }, 'coupons', -1)).toBe(1);
    expect(rowsAfter({}, 'coupons', 0)).toBe(1);
    expect(withoutRow({ sections: ['a', 'b', 'c'] }, 'sections', 1)).toEqual({ sections: ['a', 'c'] });
  });

  test('typed values and gateway errors under the fields’ names', () => {
    expect(
      flatValues({ titleVi: 'A', sections: [{ headingVi: 'B' }, { bodyEn: 'C' }], coupons: [{ clubIds: ['1', '2'] }] }),
    ).toEqual({
      titleVi: 'A',
      'sections[0].headingVi': 'B',
      'sections[1].bodyEn': 'C',
      'coupons[0].clubIds': ['1', '2'],
    });
    expect(formFieldErrors({ 'coupons.1.clubIds': ['x'], planDiscount: ['y'] })).toEqual({
      'coupons[1].clubIds': ['x'],
      planDiscount: ['y'],
    });
    expect(rowWithCode({ coupons: [{ code: 'a1b2' }, { code: ' he100k ' }] }, 'HE100K')).toBe(1);
    expect(rowWithCode({ coupons: [{ code: 'a1b2' }] }, 'ZZZZ')).toBe(-1);
  });
});
