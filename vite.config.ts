import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    reactRouter(),
    // ADR 009: our own worker (app/shell/sw.ts, push handlers included), built after the client bundle
    // into build/client/sw.js, which the web server serves at /sw.js (scope /). The manifest is a
    // static file (public/manifest.webmanifest) and the page registers the worker itself
    // (app/shell/service-worker.tsx), so the plugin injects nothing into pages.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'app/shell',
      filename: 'sw.ts',
      outDir: 'build/client',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globDirectory: 'build/client',
        globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'offline.css'],
        // Hashed names need no revision query: the worker can fetch them through the HTTP cache.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
  ],
  // Kept in build/client/.vite (never served: dotfiles are not): the web server reads the hashed
  // names of the strings chunks from it, to preload the page's parts (ADR 024, 030).
  build: { manifest: true },
  server: { port: 3000, host: '127.0.0.1' },
});
