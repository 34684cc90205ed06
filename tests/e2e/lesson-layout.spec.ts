import { expect, signUp, snap, test, toEnglish } from './fixtures.ts';

// Issue 37, item 9: on a lesson page the "mark as done" action no longer squeezes the exercise's name
// into ~150 px (5 lines at 390 px, 7 at 360): the name has the row's width beside the drawing.

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: exercise names keep the row's width at 390 and 360 px`, async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page);
    if (lang === 'en') await toEnglish(page);
    await page.goto('/workout');
    await page.locator('.body-part-tile').first().click();
    await page.locator('.lesson-row').first().click();
    const names = page.locator('section:has(.done-form) .exercise-name');
    await expect(names.first()).toBeVisible();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const rows = await names.evaluateAll((links) =>
        links.map((link) => {
          const row = link.closest('li')!;
          const lineHeight = parseFloat(getComputedStyle(link).lineHeight) || 24;
          const text = document.createRange();
          text.selectNodeContents(link);
          return {
            name: link.textContent,
            width: link.getBoundingClientRect().width,
            row: row.getBoundingClientRect().width,
            lines: Math.round(text.getBoundingClientRect().height / lineHeight),
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(2);
      for (const row of rows) {
        // The row less the 64 px drawing and its gap.
        expect(row.width, `${row.name ?? ''} at ${String(width)} px`).toBeGreaterThanOrEqual(row.row - 80);
        expect(row.lines, `${row.name ?? ''} at ${String(width)} px`).toBeLessThanOrEqual(2);
      }
      await expect(page.locator('.done-form button').first()).toBeVisible();
      await snap(page, `${lang}-lesson-names-${String(width)}`);
    }
  });
}
