import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, snapBothWidths, test, watchConsole } from './fixtures.ts';
import { CLUB, newMember, paidMember, type Lang } from './membership-steps.ts';

// Issue 11 §5: the newcomer's guide at /home/workout-with-us. A member with a membership is given
// their club's hotline first for a free trial session, one without the chain's and every club's
// (issue 37 §4); the page works with JavaScript off and fits a 360 px phone.

const T = {
  vi: {
    title: 'Tập cùng VietFit',
    sections: [
      'Buổi đầu tiên, từng bước',
      'Nên mang theo',
      'Các lớp tập nhóm',
      'Bài tập cho người mới',
      'Buổi tập trải nghiệm miễn phí',
    ],
    checkIn: 'Mở mã check-in',
    workout: 'Mở mục Tập luyện',
    club: 'Gym Lê Thánh Tôn',
    chain: 'Tổng đài VietFit',
    trialHave: 'Bạn còn 2 buổi tập thử miễn phí',
    trialChain: 'Gọi tổng đài',
  },
  en: {
    title: 'Workout with us',
    sections: [
      'Your first visit, step by step',
      'What to bring',
      'Group classes',
      'A beginner workout',
      'A free trial session',
    ],
    checkIn: 'Open my check-in code',
    workout: 'Open Workout',
    club: 'Gym Le Thanh Ton',
    chain: 'VietFit hotline',
    trialHave: 'You have 2 free trial sessions',
    trialChain: 'Call us',
  },
};

/** The numbers the gateway holds: the chain's hotline, the hotline of the club the journeys buy at, every club's. */
async function hotlines(request: APIRequestContext) {
  const res = await request.get(`${gatewayUrl()}/api/v1/general/contact`);
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { hotline: string; clubs: { id: number; hotline: string }[] } };
  const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
  return {
    chain: tel(data.hotline),
    club: tel(data.clubs.find((c) => c.id === CLUB)!.hotline),
    clubs: data.clubs.map((c) => tel(c.hotline)),
  };
}

const telLinks = (page: Page) =>
  page.locator('main a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** The guide's headings and its links to check-in and the Workout tab. */
async function expectGuide(page: Page, lang: Lang) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].title);
  expect(await page.locator('main h2').allInnerTexts()).toEqual(T[lang].sections);
  await expect(page.getByRole('link', { name: T[lang].checkIn })).toHaveAttribute('href', '/home/check-in');
  await expect(page.getByRole('link', { name: T[lang].workout })).toHaveAttribute('href', '/workout');
  await expect(page.locator('main .club-name')).toHaveText([
    'Yoga',
    'Zumba',
    'Body Pump',
    'Boxing',
    lang === 'vi' ? 'Đạp xe trong nhà' : 'Cycling',
    'Pilates',
    'HIIT',
  ]);
}

test('vi: a member with a membership reads the guide, calls their club first, opens check-in; the same page without JavaScript', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const numbers = await hotlines(request);
  await paidMember(page, 'vi');
  const problems = watchConsole(page);
  await page.goto('/home/workout-with-us');
  await expectGuide(page, 'vi');
  await expect(page).toHaveTitle(/^Tập cùng VietFit · VietFit/);
  // The page loads its own strings part and no other (ADR 030).
  await expect(page.locator('html')).toHaveAttribute('data-strings', 'newcomer shell');
  // The 12-month plan gave two trial sessions: booked in the app (issue 37 §4).
  await expect(page.getByText(T.vi.trialHave)).toBeVisible();
  expect(await telLinks(page)).toEqual([numbers.club, numbers.chain]);
  await expect(page.locator('main a[href^="tel:"]').first()).toContainText(T.vi.club);
  await expect(page.locator('main a[href^="tel:"]').last()).toContainText(T.vi.chain);
  await snapBothWidths(page, 'vi-workout-with-us');

  await page.getByRole('link', { name: T.vi.checkIn }).click();
  await expect(page).toHaveURL(/\/home\/check-in$/);
  await expect(page.getByRole('img', { name: 'Mã check-in, đổi sau mỗi 30 giây' })).toBeVisible();
  expect(problems).toEqual([]);

  // JavaScript off: the server's page is the whole page.
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto('/home/workout-with-us');
  await expectGuide(plain, 'vi');
  expect(await telLinks(plain)).toEqual([numbers.club, numbers.chain]);
  await snapBothWidths(plain, 'vi-workout-with-us-no-js');
  await noJs.close();
});

test('en: a member without a membership gets the chain hotline, then every club’s, for a free trial session', async ({
  page,
  request,
}) => {
  const numbers = await hotlines(request);
  await newMember(page, 'en');
  const problems = watchConsole(page);
  await page.goto('/home/workout-with-us');
  await expectGuide(page, 'en');
  await expect(page).toHaveTitle(/^Workout with us · VietFit/);
  await expect(page.getByText(T.en.trialChain)).toBeVisible();
  expect(await telLinks(page)).toEqual([numbers.chain, ...numbers.clubs]);
  await expect(page.locator('main a[href^="tel:"]').first()).toContainText(T.en.chain);
  await snapBothWidths(page, 'en-workout-with-us');

  // The back link leads home.
  await page.locator('.sub-header').getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(problems).toEqual([]);
});
