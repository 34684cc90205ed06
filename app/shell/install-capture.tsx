/**
 * Chrome may fire `beforeinstallprompt` before React hydrates: this one line in <head> keeps the
 * event on window (and stops the mini-infobar) until the install prompt component asks for it.
 */
const script =
  "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__bip=e;dispatchEvent(new Event('bip'))})";

export function InstallCapture({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />;
}
