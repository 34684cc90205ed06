import { randomInt } from 'node:crypto';

/** Numbers in the retired 010x range: never a real subscriber. */
export const randomPhone = () => `0100${100_000 + randomInt(0, 900_000)}`;
