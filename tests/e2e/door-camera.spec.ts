import type { Locator, Page } from '@playwright/test';
import { expect, snap, test, testClientIp, waitForHydrated } from './fixtures.ts';
import { paidMember } from './membership-steps.ts';
import { DESK_PHONE, deskComputer, signInAtDesk } from './staff-steps.ts';

// Issue 17 §2: the door's camera reads the member's QR. There is no camera here, so the page's
// getUserMedia is answered with a canvas's stream (captureStream), on which the test holds a
// screenshot of the member's QR: the page's own video element, frame reading, decoding (the
// browser's BarcodeDetector or jsQR) and sending are what is tested. The camera is started once for
// the whole session at the door: a scan's answer must not restart it (it did: a new getUserMedia
// on every answer, a black frame each time, and on some phones the permission asked again).

/** Replaces the camera with a 640 × 480 canvas stream that shows `window.cameraShows` (an image) on white. */
function fakeCamera() {
  type Camera = { starts: number; tracks: MediaStreamTrack[]; shows: HTMLImageElement | null };
  const camera: Camera = { starts: 0, tracks: [], shows: null };
  (window as unknown as { camera: Camera }).camera = camera;
  navigator.mediaDevices.getUserMedia = async () => {
    camera.starts++;
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const draw = () => {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 640, 480);
      if (camera.shows) context.drawImage(camera.shows, 170, 90, 300, 300);
    };
    draw();
    setInterval(draw, 100);
    const stream = canvas.captureStream(10);
    camera.tracks.push(...stream.getTracks());
    return stream;
  };
}

/** Holds this PNG in front of the camera. */
async function show(door: Page, png: Buffer) {
  await door.evaluate(
    async (dataUrl) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      (window as unknown as { camera: { shows: HTMLImageElement } }).camera.shows = image;
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

const cameraState = (door: Page) =>
  door.evaluate(() => {
    const { camera } = window as unknown as { camera: { starts: number; tracks: MediaStreamTrack[] } };
    return { starts: camera.starts, live: camera.tracks.filter((track) => track.readyState === 'live').length };
  });

/** A paid member's check-in QR on their phone (a code is good for 30–60 s: its picture is taken when shown). */
async function memberQr(page: Page): Promise<Locator> {
  await paidMember(page, 'vi');
  await page.goto('/home/check-in');
  const qr = page.getByRole('img', { name: 'Mã check-in, đổi sau mỗi 30 giây' });
  await waitForHydrated(qr);
  await expect(qr.locator('svg')).toBeVisible();
  return qr;
}

test('the door camera lets two members in one after the other, started once; Tắt camera stops it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const first = await memberQr(page);
  const secondContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const second = await memberQr(await secondContext.newPage());

  const desk = await deskComputer(browser);
  await desk.addInitScript(fakeCamera);
  const door = await desk.newPage();
  await signInAtDesk(door, request, DESK_PHONE);
  await door.setViewportSize({ width: 390, height: 844 });
  await door.goto('/staff/scanner');
  const start = door.getByRole('button', { name: 'Bật camera' });
  await waitForHydrated(start);
  await start.click();
  await expect(door.getByLabel('Đưa mã QR trên điện thoại của hội viên vào khung hình.')).toBeVisible();
  await expect.poll(() => cameraState(door)).toEqual({ starts: 1, live: 1 });

  const welcome = door.getByRole('status').filter({ hasText: 'Mời vào' });
  await show(door, await first.screenshot());
  await expect(welcome).toBeVisible();
  const firstNumber = await welcome.locator('.door-verdict-number').innerText();
  expect(firstNumber).toMatch(/^Mã hội viên \d{6}$/);
  await snap(door, 'vi-staff-door-camera-accepted');
  // The member is slow to lower their phone: the used code is not sent again, the welcome stays.
  await door.waitForTimeout(6_000);
  await expect(door.getByRole('alert').filter({ hasText: 'Không được vào' })).toHaveCount(0);
  await expect(welcome.locator('.door-verdict-number')).toHaveText(firstNumber);

  // The next member holds up their phone: the same camera, still running, reads them.
  await show(door, await second.screenshot());
  await expect(welcome.locator('.door-verdict-number')).not.toHaveText(firstNumber);
  await expect(welcome.locator('.door-verdict-number')).toHaveText(/^Mã hội viên \d{6}$/);
  expect(await cameraState(door)).toEqual({ starts: 1, live: 1 });

  await door.getByRole('button', { name: 'Tắt camera' }).click();
  await expect.poll(() => cameraState(door)).toEqual({ starts: 1, live: 0 });
  await desk.close();
  await secondContext.close();
});
