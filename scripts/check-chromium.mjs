// First step of `npm test`: fail in one second with the fix, not after the build with a stack trace.
import { CHROMIUM_HELP, findChromium } from './lib/chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  if (process.env.CHROMIUM_PATH)
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.\n`);
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
console.log(`Chromium: ${chromium}`);
