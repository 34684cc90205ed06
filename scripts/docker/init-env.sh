#!/usr/bin/env bash
# First run of the compose stacks: writes .env from .env.example with new secrets and this
# machine's LAN address, once. An existing .env is left as it is (its POSTGRES_PASSWORD is the
# one the database volume was made with); delete it only together with the volume.
#   scripts/docker/init-env.sh [file]     or: npm run docker:env      (file: .env)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.env}
if [ -f "$out" ]; then
  echo "$out exists: kept (secrets stay the same across restarts)"
  exit 0
fi
secret() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
# The source address of the default route: what a phone on the same Wi-Fi reaches.
host=${PUBLIC_HOST:-$(ip -4 route get 1.1.1.1 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p')}
host=${host:-$(hostname -I 2>/dev/null | awk '{print $1}')}
host=${host:-localhost}
umask 077
sed -e "s/^POSTGRES_PASSWORD=$/POSTGRES_PASSWORD=$(secret 16)/" \
    -e "s/^SESSION_SECRET=$/SESSION_SECRET=$(secret 32)/" \
    -e "s/^GATEWAY_INTERNAL_SECRET=$/GATEWAY_INTERNAL_SECRET=$(secret 32)/" \
    -e "s/^VNPAY_HASH_SECRET=$/VNPAY_HASH_SECRET=$(secret 32)/" \
    -e "s/^BANK_WEBHOOK_SECRET=$/BANK_WEBHOOK_SECRET=$(secret 32)/" \
    -e "s/^PUBLIC_HOST=$/PUBLIC_HOST=$host/" \
    -e "s|^PUBLIC_URL=$|PUBLIC_URL=http://$host:${WEB_PORT:-3000}|" \
    -e "s|^CLUSTER_PUBLIC_URL=$|CLUSTER_PUBLIC_URL=http://$host:${CLUSTER_WEB_PORT:-8080}|" \
    -e "s/^WEB_PORT=.*/WEB_PORT=${WEB_PORT:-3000}/" \
    -e "s/^GATEWAY_PORT=.*/GATEWAY_PORT=${GATEWAY_PORT:-4000}/" \
    -e "s/^CLUSTER_WEB_PORT=.*/CLUSTER_WEB_PORT=${CLUSTER_WEB_PORT:-8080}/" \
    -e "s/^CLUSTER_GATEWAY_PORT=.*/CLUSTER_GATEWAY_PORT=${CLUSTER_GATEWAY_PORT:-8081}/" \
    -e "s/^CLUSTER_WEBHOOK_PORT=.*/CLUSTER_WEBHOOK_PORT=${CLUSTER_WEBHOOK_PORT:-8082}/" \
    -e "s/^CLUSTER_STATS_PORT=.*/CLUSTER_STATS_PORT=${CLUSTER_STATS_PORT:-8404}/" \
    .env.example >"$out"
echo "wrote $out (new secrets; the app for phones on this network: http://$host:${WEB_PORT:-3000})"
