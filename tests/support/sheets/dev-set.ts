import type { Browser } from 'playwright';
import { randomTruth, type SheetLang, type SheetLayout, type SheetTruth } from '#tests/support/inbody-sheet.ts';
import { photograph, type Category, type Photo } from './camera.ts';
import { htmlSheetRenderer } from './html-sheet.ts';
import { magickSheetPng } from './magick-sheet.ts';

// Issue 36 §5: the InBody reader's development set, made at bench time from seeds. Three parts
// with their own seeds: "tuning" (look at it while changing the reader), "validation" (check a
// change there before keeping it), "unseen" (reported only; never looked at while changing the
// reader). Each photo: a made-up person, the 270 or 570 layout, English or Vietnamese, one of two
// independently written renderers (HTML by Chromium, MVG by ImageMagick), photographed in its
// category (clean, mild, hard).

export type Part = 'tuning' | 'validation' | 'unseen';
export const PART_SEEDS: Record<Part, number> = { tuning: 100_000, validation: 200_000, unseen: 900_000 };
export type Renderer = 'html' | 'magick';
export type DevPhoto = {
  id: string;
  truth: SheetTruth;
  layout: SheetLayout;
  lang: SheetLang;
  renderer: Renderer;
  category: Category;
  photo: Photo;
};

/** The `index`-th photo of a category in a part: every combination of renderer × layout × language in turn. */
export function devPhotoSpec(part: Part, category: Category, index: number) {
  const renderer: Renderer = index % 2 ? 'magick' : 'html';
  // Any four in a row hold both renderers, both layouts and both languages.
  const layout: SheetLayout = (index + Math.floor(index / 2)) % 2 ? '570' : '270';
  const lang: SheetLang = Math.floor(index / 2) % 2 ? 'vi' : 'en';
  const seed = PART_SEEDS[part] + { clean: 0, mild: 10_000, hard: 20_000 }[category] + index;
  return { renderer, layout, lang, seed };
}

/** Makes the photos (one Chromium for all of them). */
export async function devSetMaker(browser: Browser) {
  const html = await htmlSheetRenderer(browser);
  return {
    make: async (part: Part, category: Category, index: number): Promise<DevPhoto> => {
      const { renderer, layout, lang, seed } = devPhotoSpec(part, category, index);
      const truth = randomTruth(seed);
      const variant = seed % 97;
      const sheet =
        renderer === 'html'
          ? await html.render(truth, layout, lang, variant)
          : await magickSheetPng(truth, layout, lang, variant);
      const photo = await photograph(sheet, category, seed);
      return {
        id: `${part}/${category}/${String(index)} ${renderer} ${layout} ${lang} ${photo.background} seed ${String(seed)}`,
        truth,
        layout,
        lang,
        renderer,
        category,
        photo,
      };
    },
    close: () => html.close(),
  };
}
