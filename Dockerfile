# CineVerse's server and PWA in one image: see docs/operations/deploy.md.
# The same image runs a web process (ROLE=web), a worker (ROLE=worker) or both (ROLE=all, the default).

# Build: every dependency (the compilers are dev ones), then the PWA (dist/) and the server's programs (dist-server/).
FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only, the built files, the migrations and the demo content's images.
FROM node:24-trixie-slim AS run
# pg_dump and pg_restore for `npm run backup` and `npm run restore` on PostgreSQL (Debian 13's are version 17).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
  PORT=8080 \
  HOST=0.0.0.0 \
  DATA_DIR=/data \
  SKIP_BUILD=1
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY server/drizzle ./server/drizzle
COPY server/seed/images ./server/seed/images
# The data folder (the embedded database, uploads kept on disk) belongs to the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# The process lives (/healthz); the load balancer asks /readyz before it sends requests.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The flags `npm start` runs the server with (server/src/config.ts, SERVER_NODE_FLAGS).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "--no-allocation-site-pretenuring", "dist-server/server.js"]
