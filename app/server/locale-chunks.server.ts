import { readFileSync } from 'node:fs';
import type { Lang } from '#contract/codes.ts';
import { stringsParts, type StringsPart } from '#app/locales/messages.ts';

type Chunks = Partial<Record<StringsPart, string>>;

/**
 * The hashed file of each strings part of each language (ADR 024, 030), from the client build's
 * Vite manifest (vite.config.ts keeps it), so the page can preload its parts beside the entry
 * instead of after it. Empty in development (Vite serves the sources) and when the manifest is
 * missing: the page then loads the parts on demand, one round trip later.
 */
function readChunks(): Record<Lang, Chunks> {
  const chunks: Record<Lang, Chunks> = { vi: {}, en: {} };
  try {
    const manifestUrl = new URL('../client/.vite/manifest.json', import.meta.url);
    const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<string, { file: string }>;
    for (const lang of ['vi', 'en'] as const) {
      for (const part of stringsParts) {
        const entry = manifest[`app/locales/${lang}/${part}.ts`];
        if (entry) chunks[lang][part] = `/${entry.file}`;
      }
    }
  } catch {
    // no manifest: no preloads
  }
  return chunks;
}

const chunks = import.meta.env.PROD ? readChunks() : { vi: {}, en: {} };

/** e.g. { shell: '/assets/shell-Bv72mjzi.js', … }: the page picks the parts its routes name. */
export const localeChunkUrls = (lang: Lang): Chunks => chunks[lang];
