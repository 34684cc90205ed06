import { readFileSync } from 'node:fs';
import type { Lang } from '#contract/codes.ts';

/**
 * The hashed file of each language's strings chunk (ADR 024), from the client build's Vite manifest
 * (vite.config.ts keeps it), so the page can preload its language beside the entry instead of after
 * it. Empty in development (Vite serves the sources) and when the manifest is missing: the page
 * then loads the chunk on demand, one round trip later.
 */
function readChunks(): Partial<Record<Lang, string>> {
  try {
    const manifestUrl = new URL('../client/.vite/manifest.json', import.meta.url);
    const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<string, { file: string }>;
    const chunks: Partial<Record<Lang, string>> = {};
    for (const lang of ['vi', 'en'] as const) {
      const entry = manifest[`app/locales/${lang}/index.ts`];
      if (entry) chunks[lang] = `/${entry.file}`;
    }
    return chunks;
  } catch {
    return {};
  }
}

const chunks = import.meta.env.PROD ? readChunks() : {};

/** e.g. /assets/vi-Bv72mjzi.js, or null when unknown. */
export const localeChunkUrl = (lang: Lang): string | null => chunks[lang] ?? null;
