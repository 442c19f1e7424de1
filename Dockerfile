# syntax=docker/dockerfile:1
# sudokubot: one static binary on a distroless base, run as a non-root user.
#
#   docker build --build-arg VERSION=$(git describe --always) -t sudokubot .
#   docker run -e DISCORD_TOKEN -e DISCORD_APP_ID -v sudokubot-data:/data sudokubot

# The web board (web/): TypeScript bundled by esbuild into web/dist, which
# the binary embeds. Built here so the image always carries the board.
FROM node:20-bookworm-slim AS web
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
WORKDIR /data
ENV SUDOKUBOT_DB=/data/sudokubot.db
# distroless :nonroot runs as uid 65532.
USER nonroot:nonroot
# /healthz, /metrics and (mode http) /interactions, when SUDOKUBOT_HTTP_ADDR is set.
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/sudokubot"]
CMD ["bot"]
