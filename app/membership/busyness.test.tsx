import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClubBusyness } from '#api/clubs.ts';
import { I18nProvider } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { BusynessPanel, InsideNow } from './busyness.tsx';

// Issue 37 §12: home and the club page said "Khoảng 0 người đang tập" of a club nobody had checked
// in at: none is said as none.

const busyness = (insideNow: number): ClubBusyness => ({
  clubId: 1,
  insideNow,
  level: 'quiet',
  hour: 10,
  usualByHour: Array.from({ length: 24 }, () => 0),
});

const render = (lang: 'vi' | 'en', node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang} messages={lang === 'vi' ? vi : en}>
      {node}
    </I18nProvider>,
  );

describe('how many are training', () => {
  it('nobody checked in: says so, never "about 0"', () => {
    expect(render('vi', <InsideNow busyness={busyness(0)} />)).toContain('Chưa có ai check-in gần đây');
    expect(render('en', <InsideNow busyness={busyness(0)} />)).toContain('No one has checked in recently');
    for (const lang of ['vi', 'en'] as const) {
      const html = render(lang, <BusynessPanel busyness={busyness(0)} />);
      expect(html).not.toMatch(/Khoảng 0|About 0/);
    }
  });

  it('some checked in: about that many', () => {
    expect(render('vi', <InsideNow busyness={busyness(12)} />)).toContain('Khoảng 12 người đang tập');
    expect(render('en', <InsideNow busyness={busyness(12)} />)).toMatch(/About 12 people/);
  });
});
