// The project tests with the system's Chromium (Debian package): `npx playwright install`
// downloads a browser build, which the project's machines cannot do.
import { accessSync, constants } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Path of the Chromium to drive: $CHROMIUM_PATH when set (and it must then exist), else the
 * Debian/Ubuntu locations. Undefined when there is none.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | undefined}
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return CANDIDATES.find(isExecutable);
}

/** What to tell someone who has no Chromium. */
export const CHROMIUM_HELP = [
  'The browser tests need Chromium, and none was found.',
  `Looked at: ${['$CHROMIUM_PATH', ...CANDIDATES].join(', ')}.`,
  '',
  'On Debian or Ubuntu, install it with:',
  '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core',
  '(fonts-noto-core has the Vietnamese glyphs the screenshots need.)',
  '',
  'Elsewhere, install Chromium or Chrome and point CHROMIUM_PATH at its executable, e.g.',
  '  CHROMIUM_PATH=/path/to/chromium npm test',
  '',
  'This project does not use `npx playwright install`: it drives the system Chromium.',
].join('\n');
