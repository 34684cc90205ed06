import forge from 'node-forge';
import { describe, expect, test } from 'vitest';
import { signatureFromContents } from './seal.ts';

describe('signatureFromContents', () => {
  test('a signature whose DER ends in 00 bytes keeps them: the DER length, not the zeros, says where it ends', () => {
    // SEQUENCE { OCTET STRING 01 00 00 }, then the placeholder's zero padding.
    const parsed = signatureFromContents(`<3005040301000000000000000000>`);
    const [octets] = parsed.value as forge.asn1.Asn1[];
    expect(forge.util.bytesToHex(octets.value as string)).toBe('010000');
  });

  test('a DER that ends in one 0 nibble, and one with no padding at all', () => {
    expect(
      forge.util.bytesToHex(
        (signatureFromContents('<30030401a0000000>').value as forge.asn1.Asn1[])[0].value as string,
      ),
    ).toBe('a0');
    expect(
      forge.util.bytesToHex((signatureFromContents('<30030401a0>').value as forge.asn1.Asn1[])[0].value as string),
    ).toBe('a0');
  });

  test('a truncated DER is refused', () => {
    expect(() => signatureFromContents('<3005040301>')).toThrow();
  });
});
