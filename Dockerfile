# sudokubot: one static binary on a distroless base, run as a non-root user.
#
#   docker build --build-arg VERSION=$(git describe --always) -t sudokubot .
#   docker run -e DISCORD_TOKEN -e DISCORD_APP_ID -e SUDOKUBOT_HTTP_ADDR=:8080 \
#       -p 127.0.0.1:8080:8080 -v sudokubot-data:/data sudokubot
#
# The database is the config's db: (or SUDOKUBOT_DB), by default
# sudokubot.db in the working directory /data; the bot logs which store it
# opened. A bind-mounted /data must be writable by uid 65532.

# The web board (web/): TypeScript bundled by esbuild into web/dist, which
# the binary embeds. Built here so the image always carries the board.
# Node 24 is an LTS line (Active LTS from 2025-10-28, maintenance from
# 2026-10-20, end of life 2028-04-30: nodejs/Release). Node 26, LTS from
# late October 2026, is the next step once the board is tried under it.
FROM node:24-bookworm-slim AS web
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /web/dist ./web/dist
ARG VERSION=dev
# Pure Go (modernc.org/sqlite, embedded fonts and time zones): no cgo, so
# the binary runs on an image without libc.
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/sudokubot . \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sudokubot /usr/local/bin/sudokubot
COPY --from=build --chown=65532:65532 /out/data /data
# The SQLite database (and its WAL files) live in /data: mount a volume
# there to keep games and stats across container restarts.
VOLUME ["/data"]
# No ENV SUDOKUBOT_DB: it would override a mounted config's db: without a
# word. The default db, sudokubot.db, is relative to this directory.
WORKDIR /data
# distroless :nonroot runs as uid 65532.
USER nonroot:nonroot
# /healthz, /metrics and (mode http) /interactions, when SUDOKUBOT_HTTP_ADDR is set.
EXPOSE 8080
# distroless has no curl: `sudokubot health` GETs /healthz on the
# configured http.addr and exits 0 on "ok". It reads only the address,
# from SUDOKUBOT_HTTP_ADDR or the config file named by SUDOKUBOT_CONFIG
# (a HEALTHCHECK does not see CMD's --config), and needs no token. Without
# an address there is nothing to check and the container shows unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/sudokubot", "health"]
ENTRYPOINT ["/usr/local/bin/sudokubot"]
CMD ["bot"]
