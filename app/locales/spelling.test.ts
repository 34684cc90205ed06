import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 38 §20: "Huỷ" and "Hủy" were mixed on the same screens. The texts write the tone mark on
// the vowel's modern place, "hủy", everywhere ("khuỷu", elbow, is another word and keeps its own).
const roots = ['app/locales/vi', 'api', 'gateway/modules'];

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('Vietnamese spelling', () => {
  it('writes "hủy" one way in every text', () => {
    const offenders = roots
      .flatMap(textFiles)
      .filter((file) => /(^|[^\p{L}])[Hh]uỷ(?!\p{L})/u.test(readFileSync(file, 'utf8').normalize('NFC')));
    expect(offenders).toEqual([]);
  });
});
