import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '#api/codes.ts';
import { stringsParts, type PartUrls, type StringsPart } from '#app/locales/messages.ts';
import { buildDir } from './build-dir.server.ts';

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
    const manifestFile = path.join(buildDir(), 'client/.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    for (const lang of ['vi', 'en'] as const) {
      for (const part of stringsParts) {
        const entry = manifest[`app/locales/${lang}/${part}.ts`];
        if (entry) chunks[lang][part] = `/${entry.file}`;
      }
    }
  } catch (error) {
    // No manifest: no preloads. Said once, so a build that moves it does not go unnoticed.
    console.warn(`strings parts will not be preloaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return chunks;
}

const chunks = import.meta.env.PROD ? readChunks() : { vi: {}, en: {} };

/** e.g. { shell: '/assets/shell-Bv72mjzi.js', … }: the page picks the parts its routes name. */
export const localeChunkUrls = (lang: Lang): Chunks => chunks[lang];

/**
 * The URLs of a language's parts as the root's data carries them (ADR 068): one string of
 * `part=hash` for the chunk Vite names `/assets/<part>-<hash>.js`, `part=/url` for any other,
 * separated by spaces. A JSON map of the 40-odd URLs cost every page about 0.3 KB gzipped.
 */
export function partUrlList(urls: PartUrls): string {
  return Object.entries(urls)
    .map(([part, url]) => {
      const hash =
        url?.startsWith(`/assets/${part}-`) && url.endsWith('.js')
          ? url.slice(`/assets/${part}-`.length, -'.js'.length)
          : '';
      return `${part}=${hash && !/[\s/=]/.test(hash) ? hash : url}`;
    })
    .join(' ');
}

/** The same, as the compact string the root's data carries (partUrlList), made once per language. */
const lists: Record<Lang, string> = { vi: partUrlList(chunks.vi), en: partUrlList(chunks.en) };
export const localeChunkList = (lang: Lang): string => lists[lang];
