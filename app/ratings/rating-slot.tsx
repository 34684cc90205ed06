import { lazy, Suspense } from 'react';
import type { Lang } from '#api/codes.ts';
import type { RatingPrompt as Prompt } from './rating-prompt.server.ts';

const promptChunk = () => import('./rating-prompt.tsx');
type PromptModule = Awaited<ReturnType<typeof promptChunk>>;
let promptModule: PromptModule | undefined;
const importPrompt = () => promptChunk().then((module) => (promptModule = module));
// As the gift popover (member-header.tsx): the server imports it at start so it renders in the
// first bytes; a browser fetches the chunk only when the page has something to rate.
if (import.meta.env.SSR) void importPrompt();
const LazyPrompt = lazy(() =>
  promptModule
    ? ({
        then: (resolve: (module: PromptModule) => void) => resolve(promptModule as PromptModule),
      } as Promise<PromptModule>)
    : importPrompt(),
);

/** The layout's place for the rating prompt: nothing (and no JavaScript) when there is nothing to rate. */
export function RatingSlot({ prompt, lang }: { prompt: Prompt | null; lang: Lang }) {
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <LazyPrompt prompt={prompt} lang={lang} />
    </Suspense>
  );
}
