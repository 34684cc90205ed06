import http from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runLighthouse, stopBrowsers } from '../bench/lighthouse.mjs';
const html = readFileSync('/tmp/page-landing.html', 'utf8');
const variants = {
  original: html,
  noModuleScripts: html.replace(/<script[^>]*type="module"[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, ''),
  noHeadScripts: html.replace(/(<head>[\s\S]*?)<\/head>/, (m) => m.replace(/<script[\s\S]*?<\/script>/g, '')),
  lowPriority: html.replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
  noPreloads: html.replace(/<link rel="modulepreload"[^>]*>/g, ''),
  entryPreloadOnly: html.replace(/<link rel="modulepreload"[^>]*>/g, (tag) => (tag.includes('entry.client') ? tag : '')),
  deferredPreloads: (() => {
    const hrefs = [];
    const stripped = html.replace(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g, (_, h) => (hrefs.push(h), ''));
    const script = `<script>requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(hrefs)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})})</script>`;
    return stripped.replace('</body>', `${script}</body>`);
  })(),
  noCss: html.replace(/<style[\s\S]*?<\/style>/, ''),
  noSplash: html.replace(/<div class="splash-screen"[\s\S]*?<\/div>/, ''),
};
const only = process.argv[2]?.split(',');
const server = http.createServer((req, res) => {
  const name = req.url.slice(1);
  if (variants[name]) { res.setHeader('content-type', 'text/html; charset=utf-8'); res.setHeader('content-encoding', 'gzip'); res.end(gzipSync(variants[name])); return; }
  const file = path.join('/work/main/build/client', req.url.split('?')[0]);
  if (existsSync(file) && !file.endsWith('/')) { res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream'); res.setHeader('content-encoding', 'gzip'); res.end(gzipSync(readFileSync(file))); return; }
  res.statusCode = 404; res.end();
}).listen(0);
const port = server.address().port;
for (const name of Object.keys(variants).filter((n) => !only || only.includes(n))) {
  const r = await runLighthouse(`http://127.0.0.1:${port}/${name}`, { headers: {} });
  console.log(name.padEnd(16), 'perf', r.scores.performance, 'fcp', Math.round(r.metrics.fcp), 'lcp', Math.round(r.metrics.lcp));
}
stopBrowsers(); server.close();
