import type { Shape } from '#api/translate.ts';
import type { prompts as vi } from '#app/locales/vi/prompts.ts';

/** English texts of the update prompt and pull-to-reload (ADR 030). */
export const prompts: Shape<typeof vi> = {
  prompts: {
    updateTitle: 'A new version is available',
    updateBody: 'VietFit {{version}} is ready. Update to use the latest version.',
    updateButton: 'Update now',
    pullToReload: 'Pull down to reload',
    releaseToReload: 'Release to reload',
  },
};
