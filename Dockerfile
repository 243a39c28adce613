# syntax=docker/dockerfile:1
# Scorpion Race: one process, one port, SQLite on a volume.

# Build: the very script CI runs (locked install, then every package compiled and the web app
# bundled), on Node 24 LTS and Debian. Nothing is compiled from C++ (better-sqlite3 13 carries its
# binaries), so the build needs no compilers; the install also puts the project's own Node 24 in
# node_modules/.bin (docs/operations.md, Node versions), which the build's scripts run on.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN bash scripts/install-and-build.sh

# The production install, laid out by the script the smoke test runs too: the compiled server,
# the packages it imports, the web build, the migrations, and `pnpm install --prod` for them.
FROM build AS prod-deps
RUN bash scripts/prod-layout.sh /prod

# Runtime: slim Node 24 LTS, non-root, no compilers.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/scorpion.db
WORKDIR /app
COPY --from=prod-deps /prod /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/server
CMD ["node", "--max-semi-space-size=1", "--single-threaded-gc", "dist/server.js"]
