import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test, watchConsole } from './fixtures.ts';
import {
  buy,
  CLUB,
  copyValue,
  newMember,
  paidMember,
  singleClubPlan,
  transfer,
  type Lang,
} from './membership-steps.ts';

// Issue 37 §4, §5, §12: one truth about a plan's free PT sessions (the plans' data) on the compare
// panel, the plan page, home and the newcomer's guide; home after buying is a member's home; the
// guide never sends a member without a trial session to a dead end, and the trial page's back link
// goes back to where the member came from.

type Benefit = { isBlackCard: boolean; planNameVi: string; planNameEn: string; freePtSessions: number };

/** The free PT sessions as the gateway's plans give them: "2 buổi với gói Classic 12 tháng". */
async function freePtTexts(request: APIRequestContext, lang: Lang) {
  const res = await request.get(`${gatewayUrl()}/api/v1/global/plan-benefits`);
  expect(res.ok()).toBe(true);
  const { plans, freePtWindowDays } = ((await res.json()) as { data: { plans: Benefit[]; freePtWindowDays: number } })
    .data;
  const cell = (allClubs: boolean) => {
    const giving = plans.filter((p) => p.isBlackCard === allClubs && p.freePtSessions > 0);
    const counts = [...new Set(giving.map((p) => p.freePtSessions))];
    expect(counts).toHaveLength(1); // the seed: every plan that gives any gives 2
    const names = [...new Set(giving.map((p) => (lang === 'vi' ? p.planNameVi : p.planNameEn)))].join(', ');
    return lang === 'vi' ? `${String(counts[0])} buổi với gói ${names}` : `${String(counts[0])} with ${names}`;
  };
  return { multi: cell(true), single: cell(false), days: freePtWindowDays };
}

const T = {
  vi: {
    compare: 'So sánh nhiều câu lạc bộ và một câu lạc bộ',
    ptRow: (days: number) => `Buổi PT miễn phí trong ${String(days)} ngày đầu`,
    freePt: 'Buổi PT miễn phí',
    freePtText: (n: number, days: number) => `${String(n)} buổi trong ${String(days)} ngày đầu`,
    transferLabel: 'Nội dung',
    homeTrial: (n: number) => `Còn ${String(n)} buổi tập thử miễn phí với PT`,
    newcomerText: 'sẽ hiện ở đây',
    signOut: 'Đăng xuất',
    zero: /Khoảng 0 /,
    left: (n: number) => `Còn ${String(n)}/${String(n)} buổi tập thử`,
    home: 'Trang chủ',
    guide: 'Tập cùng VietFit',
    book: 'Đặt buổi tập thử',
    seePlans: 'Xem các gói tập',
    ptTitle: 'Huấn luyện viên cá nhân (PT)',
    none: 'Chưa có buổi tập thử',
    callClub: 'Gọi câu lạc bộ',
    chain: 'Tổng đài VietFit',
    clubs: 'Số điện thoại từng câu lạc bộ',
    classBook: 'Đặt chỗ',
    classBooked: 'Đã đặt chỗ',
    waitlist: 'Vào danh sách chờ',
    place1: 'Danh sách chờ · vị trí 1',
    nextClass: 'Lớp sắp tới của bạn',
  },
  en: {
    compare: 'Every club or one club: compare',
    ptRow: (days: number) => `Free PT sessions in the first ${String(days)} days`,
    freePt: 'Free PT sessions',
    freePtText: (n: number, days: number) => `${String(n)} in the first ${String(days)} days`,
    transferLabel: 'Transfer message',
    homeTrial: (n: number) => `Free PT trial sessions left: ${String(n)}`,
    newcomerText: 'will show here',
    signOut: 'Sign out',
    zero: /About 0 /,
    left: (n: number) => `${String(n)} of ${String(n)} trial sessions left`,
    home: 'Home',
    guide: 'Workout with us',
    book: 'Book a trial session',
    seePlans: 'See the plans',
    ptTitle: 'Personal training (PT)',
    none: 'No trial session yet',
    callClub: 'Call a club',
    chain: 'VietFit hotline',
    clubs: 'Each club’s phone number',
    classBook: 'Book a spot',
    classBooked: 'Booked',
    waitlist: 'Join the waitlist',
    place1: 'Waitlist · place 1',
    nextClass: 'Your next class',
  },
};

/** A one-off class at CLUB (the sandbox stands in for staff). */
async function classIn(request: APIRequestContext, minutes: number, capacity: number) {
  const res = await request.post(`${gatewayUrl()}/sandbox/class-session`, {
    data: { clubId: CLUB, startsInMinutes: minutes, capacity, classTypeSlug: 'yoga' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The back bar's link (the first of the sub-header). */
const backLink = (page: Page) => page.locator('.sub-header .sub-header-link').first();

for (const lang of ['vi', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: the compare panel, the plan page and home say the free PT sessions the plan gives; home after buying is a member's home, its next class a booked one; the trial page leads back`, async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // a membership through the sandbox bank
    const texts = await freePtTexts(request, lang);
    await newMember(page, lang);
    const problems = watchConsole(page);

    // The compare panel: single-club plans give free PT sessions too (Classic 12 months), as the plans say.
    await page.goto('/membership');
    await page.locator('summary', { hasText: t.compare }).click();
    const row = page
      .getByRole('table', { name: t.compare })
      .getByRole('row', { name: new RegExp(`^${t.ptRow(texts.days)}`) });
    await expect(row.getByRole('cell')).toHaveText([texts.multi, texts.single]);
    await snap(page, `${lang}-membership-compare-free-pt`);

    // The plan page of the plan the journeys buy (Classic 12 months): its free sessions among its facts.
    const plan = (await singleClubPlan(request)) as Awaited<ReturnType<typeof singleClubPlan>> & {
      freePtSessions: number;
    };
    expect(plan.freePtSessions).toBe(2);
    await page.goto(`/membership/${String(CLUB)}/plan/${String(plan.id)}`);
    const facts = page.locator('dl.facts');
    await expect(facts.locator('div', { hasText: t.freePt }).locator('dd')).toHaveText(
      t.freePtText(plan.freePtSessions, texts.days),
    );
    await snapBothWidths(page, `${lang}-plan-free-pt`);

    // Bought by bank QR.
    await buy(page, plan.id, 1);
    const memo = (await copyValue(page, t.transferLabel).innerText()).trim();
    await transfer(request, memo, plan.totalPaymentFirst);
    await expect(page).toHaveURL(/\/membership\/payment\/result\/\d+$/, { timeout: timeLimit(15_000) });

    // Home: the same two sessions; no newcomer's welcome, no big sign-out button, never "about 0".
    await page.goto('/home');
    const trial = page.locator('main .trial-card');
    await expect(trial).toContainText(t.homeTrial(plan.freePtSessions));
    await expect(page.locator('main')).not.toContainText(t.newcomerText);
    await expect(page.locator('main').getByRole('button', { name: t.signOut })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(t.zero);
    await snapBothWidths(page, `${lang}-home-after-buying`);

    // A class the member is only waitlisted for is not their next class; a booked one later is.
    const full = await classIn(request, 4 * 60, 1);
    const other = await browser.newContext();
    const first = await other.newPage();
    await paidMember(first, lang);
    await first.goto(`/class/${String(full)}`);
    await first.getByRole('button', { name: t.classBook, exact: true }).click();
    await expect(first.locator('.class-page .status-badge', { hasText: t.classBooked })).toBeVisible();
    await other.close();
    await page.goto(`/class/${String(full)}`);
    await page.getByRole('button', { name: t.waitlist }).click();
    await expect(page.getByRole('button', { name: t.waitlist })).toHaveCount(0);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: t.nextClass })).toHaveCount(0);
    // Today's list may show it (a class later today), as waitlisted.
    for (const card of await page.locator(`main a.class-card[href="/class/${String(full)}"]`).all())
      await expect(card).toContainText(t.place1);
    const later = await classIn(request, 6 * 60, 10);
    await page.goto(`/class/${String(later)}`);
    await page.getByRole('button', { name: t.classBook, exact: true }).click();
    await expect(page.locator('.class-page .status-badge', { hasText: t.classBooked })).toBeVisible();
    await page.goto('/home');
    const next = page.locator('section[aria-labelledby="next-class"]');
    await expect(next.getByRole('heading', { name: t.nextClass })).toBeVisible();
    await expect(next.locator('a.class-card')).toHaveAttribute('href', `/class/${String(later)}`);
    await snap(page, `${lang}-home-next-class-not-waitlisted`);

    // The trial page from home goes back home; from the guide, back to the guide.
    await trial.click();
    await expect(page.getByText(t.left(plan.freePtSessions))).toBeVisible();
    await expect(backLink(page)).toHaveText(t.home);
    await expect(backLink(page)).toHaveAttribute('href', '/home');
    await page.goto('/home/workout-with-us');
    await page.getByRole('link', { name: t.book }).click();
    await expect(page).toHaveURL(/\/pt\/free-session\?club=\d+&from=guide$/);
    await expect(page.getByText(t.left(plan.freePtSessions))).toBeVisible();
    await expect(backLink(page)).toHaveText(t.guide);
    await snap(page, `${lang}-free-session-from-guide`);
    // A day of the strip keeps the way back.
    await page.locator('.day-strip .day-link').nth(1).click();
    await expect(page).toHaveURL(/from=guide/);
    await backLink(page).click();
    await expect(page).toHaveURL(/\/home\/workout-with-us$/);
    expect(problems).toEqual([]);
  });

  test(`${lang}: a member without a trial session is offered calling a club and the plans that give one, never a dead end (also without JavaScript)`, async ({
    page,
    request,
    browser,
  }) => {
    const texts = await freePtTexts(request, lang);
    const contact = (await (await request.get(`${gatewayUrl()}/api/v1/general/contact`)).json()) as {
      data: { hotline: string; clubs: { hotline: string }[] };
    };
    const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
    await newMember(page, lang);
    const problems = watchConsole(page);

    const expectGuide = async (p: Page) => {
      await p.goto('/home/workout-with-us');
      const section = p.locator('section[aria-labelledby="trial"]');
      await expect(section.getByRole('link', { name: t.book })).toHaveCount(0);
      await expect(section.getByRole('link', { name: t.seePlans })).toHaveAttribute('href', '/membership');
      // The plans that give free sessions, by the plans' names.
      await expect(section).toContainText(texts.single.replace(/^.* (với gói|with) /, ''));
      // The chain's number, then every club's.
      const links = await section.locator('a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links).toEqual([tel(contact.data.hotline), ...contact.data.clubs.map((c) => tel(c.hotline))]);
    };
    await expectGuide(page);
    await page.locator('summary', { hasText: t.clubs }).click();
    await expect(page.locator('.trial-clubs a[href^="tel:"]').first()).toBeVisible();
    await snapBothWidths(page, `${lang}-workout-with-us-no-trial`);

    // The trial page itself, however reached, says what to do instead: call a club, or see the plans.
    await page.goto('/pt/free-session?from=guide');
    await expect(page.getByRole('heading', { name: t.none })).toBeVisible();
    await expect(page.getByRole('link', { name: t.callClub })).toHaveAttribute('href', '/account/contact');
    await expect(backLink(page)).toHaveText(t.guide);
    await snap(page, `${lang}-free-session-none`);
    await page.goto('/pt/free-session');
    await expect(backLink(page)).toHaveText(t.ptTitle);
    expect(problems).toEqual([]);

    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noJs.newPage();
    await expectGuide(plain);
    await snap(plain, `${lang}-workout-with-us-no-trial-no-js`);
    await noJs.close();
  });
}
