// Transfer memos for bank-QR payments: the text a member's banking app puts in the transfer
// description, which is how the bank webhook ties incoming money to a transaction. It must
// survive banks that upper-case, drop accents and punctuation, and be read aloud or typed by
// hand without confusion, so it is a short prefix plus 8 characters from an alphabet without
// 0/O and 1/I.
import { randomBytes } from 'node:crypto';

/** 32 characters (8 digits, 24 letters): no 0, O, 1 or I. 32 divides 256, so bytes map without bias. */
export const MEMO_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const MEMO_RANDOM_LENGTH = 8;
export const DEFAULT_MEMO_PREFIX = 'VF';

/** Returns `count` random bytes. Injected in tests; crypto-strong by default. */
export type RandomSource = (count: number) => Uint8Array;

const cryptoRandom: RandomSource = (count) => randomBytes(count);

/**
 * A new transfer memo: `prefix` (1–8 uppercase ASCII letters) + 8 random characters of
 * MEMO_ALPHABET, e.g. "VF7K3M9QXZ". 40 random bits: the caller still stores it under a unique
 * constraint and draws again on the (about one in a trillion) clash.
 */
export function transferMemo(prefix: string = DEFAULT_MEMO_PREFIX, randomSource: RandomSource = cryptoRandom): string {
  if (!/^[A-Z]{1,8}$/.test(prefix)) throw new Error('the memo prefix must be 1–8 uppercase ASCII letters');
  const bytes = randomSource(MEMO_RANDOM_LENGTH);
  if (bytes.length < MEMO_RANDOM_LENGTH) throw new Error('the random source returned too few bytes');
  let memo = prefix;
  for (let i = 0; i < MEMO_RANDOM_LENGTH; i++) memo += MEMO_ALPHABET[bytes[i] % MEMO_ALPHABET.length];
  return memo;
}

/**
 * The memos with this prefix found in a bank transfer description, upper-cased, in order and
 * without repeats. Banks add their own text around the memo ("MBVCB.1234.VF7K3M9QXZ.CT tu …")
 * and may lower-case it, so the webhook looks for candidates here and matches them against the
 * stored memos.
 */
export function findTransferMemos(description: string, prefix: string = DEFAULT_MEMO_PREFIX): string[] {
  if (!/^[A-Z]{1,8}$/.test(prefix)) throw new Error('the memo prefix must be 1–8 uppercase ASCII letters');
  const pattern = new RegExp(`${prefix}[${MEMO_ALPHABET}]{${MEMO_RANDOM_LENGTH}}`, 'g');
  return [...new Set(description.toUpperCase().match(pattern) ?? [])];
}
