import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's domain folders (ADR 014), read from app/ itself so a new domain is covered the day
// it is made (issue 40 §4): every folder but the shared ones (shell, server, ui, locales). The route
// modules are read from the one product map.
const APP_SHARED = ['shell', 'server', 'ui', 'locales'];
const APP_DOMAINS = readdirSync(`${import.meta.dirname}/app`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !APP_SHARED.includes(entry.name))
  .map((entry) => entry.name);
// Unique: one module may serve several URLs (account/legal.tsx: /terms and /privacy).
const ROUTE_MODULES = [
  ...new Set(
    [...readFileSync(`${import.meta.dirname}/app/routes.ts`, 'utf8').matchAll(/'([a-z-]+\/[\w.-]+\.tsx?)'/g)].map(
      (m) => m[1],
    ),
  ),
];
const ALIAS_RULE = {
  group: ['../*/*', '../../*'],
  message: 'Import through the #app/ #gateway/ #api/ #tests/ aliases.',
};
// Patterns are gitignore-style, where a leading # starts a comment: escape it, or the rule never fires.
const escapeHash = (pattern) => ({ ...pattern, group: pattern.group.map((g) => g.replace(/^#/, '\\#')) });
const appPatterns = (...extra) =>
  [ALIAS_RULE, { group: ['#gateway/*'], message: 'app/ must not import gateway/.' }, ...extra].map(escapeHash);

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type X }` keeps a side-effect import of the module: a zod schema module in a browser chunk (ADR 004).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One date formatter on both sides (issue 40 §6): api/format.ts prints §9's formats in Vietnam's zone.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Format dates with #api/format.ts (one formatter, Vietnam time).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format dates and numbers with #api/format.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*', '../../*'], message: 'Import through the #app/ #gateway/ #api/ #tests/ aliases.' },
          ],
        },
      ],
    },
  },
  {
    // ARCHITECTURE §2: app/ and gateway/ never import each other; api/ imports neither.
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: appPatterns() }] },
  },
  // ADR 014: the web app's folders. Shared UI and the server's plumbing know no domain; a domain
  // never imports another domain's route modules (shared pieces live in ui/ or in their owner's
  // helpers and components).
  {
    files: ['app/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: appPatterns({
            group: [...APP_DOMAINS, 'shell', 'server'].map((d) => `#app/${d}/*`),
            message: 'app/ui/ is shared UI: it imports no domain, shell or server module.',
          }),
        },
      ],
    },
  },
  {
    files: ['app/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: appPatterns({
            group: [...APP_DOMAINS, 'ui'].map((d) => `#app/${d}/*`),
            message: "app/server/ is the web server's plumbing: it imports no domain or UI module.",
          }),
        },
      ],
    },
  },
  ...APP_DOMAINS.map((domain) => ({
    files: [`app/${domain}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: appPatterns({
            group: ROUTE_MODULES.filter((m) => !m.startsWith(`${domain}/`)).map((m) => `#app/${m}`),
            message: "Another domain's route module: move what both need to app/ui/ or to its owner's helpers.",
          }),
        },
      ],
    },
  })),
  {
    files: ['gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['\\#app/*'], message: 'gateway/ must not import app/.' }] },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['\\#app/*', '\\#gateway/*'], message: 'api/ imports neither side.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures are not React hooks, and take their arguments by destructuring.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        AbortSignal: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  {
    files: ['api/format.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
