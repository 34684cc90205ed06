#!/usr/bin/env bash
# One-time: formats the whole tree with the pinned Prettier (.prettierrc.json, ADR 071), checks that
# ESLint and the types still pass, commits the result alone, lists that commit in
# .git-blame-ignore-revs (so `git blame` skips it), and turns on npm test's format check.
# Run it on main after the helpers' branches are merged, with a clean work tree.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "$(git status --porcelain)" ]; then
  echo "The work tree has changes: commit or remove them first." >&2
  exit 1
fi

npx prettier --write . --log-level warn
npm run --silent lint
npm run --silent typecheck
git commit -qam "Format the whole tree with Prettier (printWidth 120, .prettierrc.json); no other change (ADR 071)"
format_commit=$(git rev-parse HEAD)

{
  echo "# The one-time Prettier reformat: git blame --ignore-revs-file .git-blame-ignore-revs (or git config blame.ignoreRevsFile .git-blame-ignore-revs)"
  echo "$format_commit"
} >>.git-blame-ignore-revs
sed -i 's/^const FORMAT_CHECK = false;/const FORMAT_CHECK = true;/' scripts/test.mjs
grep -q '^const FORMAT_CHECK = true;' scripts/test.mjs
npm run --silent format:check
git add .git-blame-ignore-revs scripts/test.mjs
git commit -qm "npm test checks the formatting (npm run format:check) now that the tree is formatted; the reformat commit is in .git-blame-ignore-revs"
git log --oneline -2
