import { expect } from 'vitest';
import type { TestGateway } from './gateway.ts';

/** A public read that answers 1000 and may be cached five minutes by anyone (the clubs', the PT packages'…): its data. */
export async function publicRead(gw: TestGateway, path: string): Promise<unknown> {
  const res = await gw.call('GET', path);
  expect(res.status, path).toBe(200);
  expect(res.body.code, path).toBe(1000);
  expect(res.headers.get('cache-control'), path).toBe('public, max-age=300');
  return res.body.data as unknown;
}
