import { randomInt } from 'node:crypto';

// Numbers in the retired 010x range: never a real subscriber. The seed's own are 0100 0xx xxx
// (staff, trainers, the demo member, the visit regulars), so tests draw from 0101… to 0109….
// A number is never drawn twice by one process, and each test worker (Playwright's, Vitest's) has
// a block of its own: a drawn number that already had an account turned a "new member" into an
// existing one (the classes crash test on PostgreSQL, once, with 0100 137 441).

const workerIndex = Number(process.env.TEST_WORKER_INDEX ?? process.env.VITEST_POOL_ID);
const drawn = new Set<string>();

export function randomPhone(): string {
  for (;;) {
    const block = Number.isInteger(workerIndex) ? 1 + (workerIndex % 9) : randomInt(1, 10);
    const phone = `010${String(block)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!drawn.has(phone)) {
      drawn.add(phone);
      return phone;
    }
  }
}
