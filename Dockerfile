# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript, then keep only production dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts

# Runtime stage: no compiler, no dev dependencies, not root.
FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY migrations ./migrations
RUN ln -s /app/bin/run.js /usr/local/bin/shopapi
USER node
EXPOSE 8080
# The container expects an external database: set DATABASE_URL (the embedded one is for bare machines).
ENTRYPOINT ["shopapi", "serve", "--host", "0.0.0.0"]
