import type { Deps } from '#gateway/http/context.ts';
import { createFptIdRecognition } from './fpt.ts';
import type { IdRecognitionPort } from './port.ts';
import { createSandboxIdRecognition } from './sandbox.ts';

/** The configured ID reader (ADR 040): FPT.AI with its key, or the local sandbox in the sandbox. */
export function idRecognitionOf(deps: Pick<Deps, 'config' | 'clock' | 'fetch'>): IdRecognitionPort {
  const { config } = deps;
  if ((config.ID_RECOGNITION_PROVIDER ?? (config.SANDBOX ? 'sandbox' : 'fpt')) === 'sandbox')
    return createSandboxIdRecognition(() => deps.clock.now());
  return createFptIdRecognition({
    apiKey: config.FPT_AI_API_KEY!,
    baseUrl: config.FPT_AI_URL,
    timeoutMs: 20_000,
    fetch: deps.fetch,
  });
}
