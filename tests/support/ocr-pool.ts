import { createOcrPool, type OcrPool, type OcrPoolOptions } from '#gateway/modules/inbody/ocr-pool.ts';

/**
 * Runs `fn` with a fresh OCR pool of `options` and closes the pool after, whatever `fn` did (its
 * OCR processes end with it). Returns the closed pool, for what a test asserts once it is closed.
 */
export async function withPool(options: OcrPoolOptions, fn: (pool: OcrPool) => Promise<void>): Promise<OcrPool> {
  const pool = createOcrPool(options);
  try {
    await fn(pool);
  } finally {
    await pool.close();
  }
  return pool;
}
