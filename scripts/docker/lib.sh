# Shared by scripts/docker/*.sh: which docker commands this machine has (sourced, not run).

# A BuildKit build (the app's Dockerfile mounts the CA bundle as a secret): `docker buildx build
# --load` where the buildx plugin exists; else a docker CLI older than 23, whose built-in BuildKit
# needs no plugin (Debian 12's docker.io). Sets the array DOCKER_BUILD.
find_buildkit() {
  if docker buildx version >/dev/null 2>&1; then
    DOCKER_BUILD=(docker buildx build --load)
    return
  fi
  local cli major
  for cli in docker /usr/bin/docker; do
    command -v "$cli" >/dev/null || continue
    major=$("$cli" version --format '{{.Client.Version}}' 2>/dev/null | cut -d. -f1)
    if [ -n "$major" ] && [ "$major" -lt 23 ]; then
      DOCKER_BUILD=(env DOCKER_BUILDKIT=1 "$cli" build)
      return
    fi
  done
  echo "No BuildKit: install the docker buildx plugin (or Debian's docker.io, whose docker 20.10 has it built in)." >&2
  return 1
}

# `docker compose` (v2 plugin) where it exists, else docker-compose (v1, Debian 12). Sets COMPOSE.
find_compose() {
  if docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
  elif command -v docker-compose >/dev/null; then
    COMPOSE=(docker-compose)
  else
    echo "Neither 'docker compose' nor docker-compose is installed." >&2
    return 1
  fi
}

# The CA bundle a build trusts to reach the npm registry: CA_BUNDLE, else the host's own bundle
# (Debian's ca-certificates: the public roots plus any CA the machine added, such as a
# TLS-intercepting proxy's). CA_BUNDLE=none: Node's built-in roots only. Prints the path or nothing.
ca_bundle() {
  local file=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
  if [ "$file" != none ] && [ -r "$file" ]; then echo "$file"; fi
}

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }
