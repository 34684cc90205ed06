import type { Shape } from '#api/translate.ts';
import type { platform as vi } from '#app/locales/vi/platform.ts';

/** English texts of the install prompt and the platform pages (ADR 008, 030). */
export const platform: Shape<typeof vi> = {
  platform: {
    notice: {
      title: 'Open this link on your phone',
      lead: "VietFit is made for phones. Scan the QR code with your phone's camera to open this very page.",
      copy: 'Or send this link to your phone:',
      qr: 'QR code of this link',
      tryFrame: 'Try it in a phone-sized frame',
      tryNote: 'Sandbox demo only; not on the real site.',
      frameTitle: 'VietFit in a 390 × 844 phone frame',
    },
    escape: {
      title: 'Opening in your browser…',
      lead: "To use all of VietFit and install the app, this page opens in your phone's browser.",
      open: 'Open in browser',
      stay: 'Continue here',
    },
    install: {
      title: 'Install the VietFit app',
      lead: 'Open it straight from your home screen, full screen like an app.',
      button: 'Install',
      how: 'Show how',
      later: 'Not now',
      close: 'Close',
      iosTitle: 'Add VietFit to your Home Screen',
      iosStep1: "Tap the Share button (a square with an arrow pointing up) in the browser's toolbar.",
      iosStep2: 'Scroll down and choose “Add to Home Screen”.',
      iosStep3: 'Tap “Add” in the top-right corner. The VietFit icon appears on your home screen.',
    },
    inApp: {
      title: 'Open VietFit in your browser',
      lead: "You are viewing this page inside {{app}}. This app's built-in browser cannot install VietFit.",
      androidStep1: 'Tap the ⋮ or ⋯ button in the top-right corner.',
      androidStep2: 'Choose “Open in browser” (or “Open in Chrome”).',
      androidStep3: 'In Chrome, tap “Install” to add VietFit to your home screen.',
      iosStep1: 'Tap the ⋯ or Share button in a corner of the screen.',
      iosStep2: 'Choose “Open in browser” (or “Open in Safari”).',
      iosStep3: 'In Safari, tap Share, choose “Add to Home Screen”, then tap “Add”.',
      someApp: 'another app',
    },
  },
};
