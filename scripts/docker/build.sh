#!/usr/bin/env bash
# Builds the app's image (web and gateway, one image) as gym-member-app:local with BuildKit, giving
# the build the CA bundle as the secret `ca` (lib.sh's ca_bundle; never part of an image layer).
#   scripts/docker/build.sh [extra docker build options]      or: npm run docker:build
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
cd "$here/../.."
find_buildkit
secret=()
ca=$(ca_bundle)
if [ -n "$ca" ]; then secret=(--secret "id=ca,src=$ca"); fi
IMAGE=${IMAGE:-gym-member-app:local}
log=$(mktemp /tmp/gym-docker-build.XXXXXX)
if ! nice -n 10 "${DOCKER_BUILD[@]}" "${secret[@]}" --progress=plain -t "$IMAGE" "$@" . >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "build failed (whole log: $log)" >&2
  exit 1
fi
# The steps and whether each came from the cache, not every line npm printed.
grep -E '^#[0-9]+ \[|CACHED' "$log" | sed -E 's/^#[0-9]+ //' | awk '!seen[$0]++' || true
rm -f "$log"
echo "built $IMAGE ($(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
