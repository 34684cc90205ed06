const graphemes = new Intl.Segmenter('vi', { granularity: 'grapheme' });
/** The first letter as a reader sees it: "Đ" of "Đặng", "Á" of a decomposed "Ánh". */
const initial = (word: string) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/**
 * A name shown to someone who only typed a phone number (issue 9 "Enumeration"): the family name,
 * the initials of the rest — "Nguyễn Văn An" → "Nguyễn V… A". A one-word name keeps only its
 * initial, since it is the given name.
 */
export function maskName(fullName: string): string {
  const words = fullName.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return `${initial(words[0])}…`;
  const middle = words.slice(1, -1).map((w) => `${initial(w)}…`);
  return [words[0], ...middle, initial(words.at(-1)!)].join(' ');
}
