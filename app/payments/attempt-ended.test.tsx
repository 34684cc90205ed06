import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { AttemptEndedNotice } from './payment-ui.tsx';

// Issue 38 §12: a renewal opened from "Thanh toán ngay" has no attempt yet; that is no error.
const render = (payment: Parameters<typeof AttemptEndedNotice>[0]['payment'], lang: 'vi' | 'en' = 'vi') =>
  renderToStaticMarkup(
    <I18nProvider lang={lang} messages={lang === 'vi' ? vi : en}>
      <AttemptEndedNotice payment={payment} />
    </I18nProvider>,
  );

describe('the notice above the payment chooser', () => {
  it('no attempt yet: a plain invitation to choose, not a red alert', () => {
    for (const lang of ['vi', 'en'] as const) {
      const html = render(null, lang);
      expect(html).not.toContain('role="alert"');
      expect(html).not.toContain('notice-error');
    }
    expect(render(null)).toContain('Chọn cách thanh toán bên dưới để thanh toán gói này.');
    expect(render(null, 'en')).toContain('Choose how to pay below.');
  });

  it('an attempt that ended is still said in red, with why', () => {
    const html = render({ status: 'FAIL', failMessage: 'Thẻ không đủ số dư.' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Thẻ không đủ số dư.');
    expect(render({ status: 'EXPIRED', failMessage: null })).toContain('Yêu cầu thanh toán đã hết hạn.');
  });
});
