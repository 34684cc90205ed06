import { afterEach, expect, test, vi } from 'vitest';
import { startOcrProcess, type Engine } from './ocr-process.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

// An engine that writes tesseract's per-photo chatter and one real fault to its standard error.
const noisy: Engine = {
  body: (() => ({
    ready: Promise.resolve(),
    run: () => {
      process.stderr.write('Warning: Invalid resolution 25 dpi. Using 70 instead.\nEstimating resolution as 312\n');
      process.stderr.write(
        'Line cannot be recognized!!\nImage too small to scale!! (2x36 vs min width of 3)\n\nthe model file is damaged\n',
      );
      return Promise.resolve(42);
    },
  })) as Engine['body'],
  settings: {},
};

test("the OCR process's errors reach the gateway's log marked as the OCR's; tesseract's per-photo chatter does not", async () => {
  const logged: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.join(' '));
  });
  const ocr = startOcrProcess({ noisy }, []);
  try {
    await expect(ocr.call('noisy', {})).resolves.toBe(42);
    await expect.poll(() => logged, { timeout: timeLimit(5_000) }).toEqual(['inbody ocr: the model file is damaged']);
  } finally {
    await ocr.close();
  }
  expect(logged).toEqual(['inbody ocr: the model file is damaged']);
});
