// `node scripts/docs/adr-index.mjs`: writes docs/decisions/README.md, the index of the ADRs, from their
// files' first lines (`# NNN · Title` or `# NNN — Title`). `--check` only says whether it is up to date
// (scripts/docs/adr-index.test.ts runs that check, so an ADR missing from the index fails the unit suite).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');

/**
 * The ADRs of a folder, in number order.
 * @param {string} dir
 * @returns {{ number: string, title: string, file: string }[]}
 */
export function readDecisions(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const heading = readFileSync(path.join(dir, file), 'utf8').split('\n', 1)[0];
      const match = /^#\s*(\d{3})\s*[·—–-]\s*(.+)$/.exec(heading);
      if (!match || match[1] !== file.slice(0, 3))
        throw new Error(`${file}: its first line must be "# ${file.slice(0, 3)} · Title", not "${heading}"`);
      return { number: match[1], title: match[2].trim(), file };
    });
}

/** @param {{ number: string, title: string, file: string }[]} decisions */
export function renderIndex(decisions) {
  return [
    '# Architecture decision records',
    '',
    'Why things are the way they are, one decision a file. A later ADR that changes an earlier one says so',
    'in its Status line. This index is generated: `node scripts/docs/adr-index.mjs` (the unit suite fails',
    'when it is out of date). A new ADR takes the next free number and starts with `# NNN · Title`.',
    '',
    '| ADR | Decision |',
    '|---|---|',
    ...decisions.map((d) => `| ${d.number} | [${d.title.replaceAll('|', '\\|')}](${d.file}) |`),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = renderIndex(readDecisions());
  let current = '';
  try {
    current = readFileSync(INDEX_FILE, 'utf8');
  } catch {
    // no index yet
  }
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error('docs/decisions/README.md is out of date: run node scripts/docs/adr-index.mjs');
      process.exit(1);
    }
  } else if (current !== wanted) {
    writeFileSync(INDEX_FILE, wanted);
    console.log(`docs/decisions/README.md: ${readDecisions().length} ADRs`);
  }
}
