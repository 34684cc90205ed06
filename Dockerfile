# One image for both servers. Default command: the web server (port 3000).
# The gateway is the same image with: node --enable-source-maps build/gateway/server.js (port 4000).
# Needs BuildKit (docker compose v2, docker buildx, or DOCKER_BUILDKIT=1 with docker 20.10); no
# `# syntax=` line, so the builder's own Dockerfile frontend is used and no registry is asked for one.
# The Node major is .nvmrc's (ADR 069). Without a registry, scripts/docker/base-images.sh makes it.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# ADR 107: onnxruntime-node's postinstall would fetch CUDA libraries from NuGet (package.json's
# allowScripts denies it to npm 11; this says so to any npm): the CPU build ships in the package.
ENV ONNXRUNTIME_NODE_INSTALL=skip
# patches/ is applied to node_modules by the postinstall script (ADR 057).
COPY package.json package-lock.json ./
COPY patches ./patches
# A network whose TLS is intercepted needs its CA bundle: given as the secret `ca` (scripts/docker/
# build.sh passes the host's), mounted for this command only and never part of an image layer.
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Installed apart from the build so no devDependency reaches the runtime image.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json ./
COPY patches ./patches
# ADR 107: onnxruntime-node ships its native library for five platforms (≈ 290 MB); the image keeps
# its own platform's (≈ 45 MB).
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi; \
    npm ci --omit=dev --no-audit --no-fund && \
    own="$(node -p 'process.platform + "/" + process.arch')" && \
    for dir in node_modules/onnxruntime-node/bin/napi-v6/*/*; do \
      case "$dir" in */"$own") ;; *) rm -rf "$dir" ;; esac; \
    done && \
    test -e "node_modules/onnxruntime-node/bin/napi-v6/$own/onnxruntime_binding.node"

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# package.json says "type": "module", which the bundles in build/ need.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/build ./build
# The gateway applies these at start (MIGRATIONS_DIR, relative to /app).
COPY gateway/db/migrations ./gateway/db/migrations
# The workout content (WORKOUT_CONTENT_DIR), copied into the database at start when it changed (ADR 041).
COPY gateway/modules/workouts/content ./gateway/modules/workouts/content
# The fonts of the e-contract PDFs (Noto Sans, OFL; ADR 047).
COPY gateway/assets ./gateway/assets
# Without DATABASE_URL the gateway keeps PGlite in ./data; the web server keeps a generated
# session secret there when SESSION_SECRET is unset. Both run as `node`, so it must be theirs.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000 4000
CMD ["node", "--enable-source-maps", "build/web/server.js"]
