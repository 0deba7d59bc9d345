#!/usr/bin/env bash
# Builds Jaeger v2 (all-in-one: OTLP receiver, in-memory store, query API and UI server) from the
# Go module proxy into the git-ignored deploy/local/.cache, once; `npm start -- --observe` runs it.
# Prints the binary's path. Not part of CI: the first build takes about 8 CPU-minutes (20 minutes
# on a busy 2-core machine); later runs find the binary and return at once.
#
# Why not `go install github.com/jaegertracing/jaeger/cmd/jaeger@VERSION`: the module's go.mod
# has a `replace` directive, which `go install pkg@version` refuses. So the module is downloaded
# through the proxy (`go mod download`, checksummed against sum.golang.org) and built in a copy.
#
# The UI: Jaeger embeds jaeger-ui's built files only when they are put into the source tree by
# its own Makefile (from jaeger-ui's GitHub release), which no package registry carries; built
# from the module alone it serves a placeholder page. The HTTP API (/api/traces,
# /api/v3/traces/...) works either way, and JAEGER_UI_ASSETS can name an unpacked jaeger-ui build.
set -euo pipefail
cd "$(dirname "$0")/../../.."

# Jaeger v2's Go module is tagged v1.x (its module path has no /v2); cmd/jaeger is the v2 binary.
VERSION=${JAEGER_VERSION:-v1.76.0}
CACHE=deploy/local/.cache
BIN="$CACHE/bin/jaeger-$VERSION"

if [[ -x $BIN ]]; then
  printf '%s\n' "$BIN"
  exit 0
fi
command -v go >/dev/null || { echo "[observe] Go is needed to build Jaeger (https://go.dev/dl/)" >&2; exit 1; }

echo "[observe] building Jaeger $VERSION from the Go module proxy into $CACHE (once; several minutes)" >&2
dir=$(go mod download -json "github.com/jaegertracing/jaeger@$VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[[ -n $dir && -d $dir ]] || { echo "[observe] could not download github.com/jaegertracing/jaeger@$VERSION" >&2; exit 1; }
src="$CACHE/jaeger-src-$VERSION"
rm -rf "$src" && mkdir -p "$CACHE/bin"
cp -r "$dir" "$src" && chmod -R u+w "$src"
(cd "$src" && go build -trimpath -o "../bin/jaeger-$VERSION.partial" ./cmd/jaeger)
mv "$BIN.partial" "$BIN"
rm -rf "$src"
printf '%s\n' "$BIN"
