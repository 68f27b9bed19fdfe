#!/usr/bin/env bash
# The product: the Econdata explorer. Installs what it needs, builds the explorer when its sources
# changed, then starts it: in Electron where Electron is installed, otherwise (as on machines where
# the Electron binary cannot be downloaded) in web mode, printing the address to open in a browser.
# With no connection profile of your own, the explorer starts the sandbox service inside itself on
# the real data beside the checkout (../shared/data) or on generated demo data, so there is data at once.
#
#   bash scripts/start.sh [--port N] [--data DIR] [--demo] [--key-store os|memory] [--no-open]
#
# The sandbox service alone stays one command away: pnpm sandbox (or pnpm sandbox --help).
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$REPO_ROOT"
source scripts/lib/setup.sh

ensure_pnpm
ensure_deps

APP=apps/desktop
# Build main, preload and renderer (electron-vite) when the build is missing or older than a source.
# Web mode runs the built out/main/web.js: no TypeScript loader at start (it cost a second and a half).
stamp="$APP/out/renderer/index.html"
if [ ! -f "$stamp" ] || [ ! -f "$APP/out/main/web.js" ] || [ -n "$(find "$APP/src" "$APP/electron.vite.config.ts" packages/ui/src packages/core/src packages/sheets/src packages/keychain/src packages/sandbox/src packages/analysis/src -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  echo "==> building the explorer"
  # The bundler's notes are for developers: show them only when the build fails.
  build_log="$(mktemp)"
  pnpm --filter @econdata/desktop build >"$build_log" 2>&1 || { cat "$build_log" >&2; rm -f "$build_log"; exit 1; }
  rm -f "$build_log"
fi

# Electron is "installed" when its binary was downloaded next to the package (path.txt names it).
electron_bin=""
if [ -f "$APP/node_modules/electron/path.txt" ]; then
  candidate="$APP/node_modules/electron/dist/$(cat "$APP/node_modules/electron/path.txt")"
  [ -x "$candidate" ] && electron_bin="$candidate"
fi
has_display=1
if [ "$(uname)" = "Linux" ] && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then has_display=0; fi

if [ -n "$electron_bin" ] && [ "$has_display" = 1 ]; then
  echo "==> starting the explorer in Electron"
  # --data / --demo become the embedded sandbox's data folder; the window itself takes no flags.
  while [ $# -gt 0 ]; do
    case "$1" in
      --data) export ECONDATA_DATA_DIR="$(cd "$2" && pwd)"; shift 2 ;;
      --demo) export ECONDATA_DEMO=1; shift ;;
      *) shift ;;
    esac
  done
  cd "$APP"
  exec "$REPO_ROOT/$electron_bin" .
fi

if [ -z "$electron_bin" ]; then
  echo "==> Electron is not installed here (its binary cannot be downloaded on this machine): starting web mode."
else
  echo "==> No display for an Electron window: starting web mode."
fi
# One process (node on the built command), no pnpm in between: Ctrl+C and SIGTERM reach the server itself.
exec node "$APP/out/main/web.js" "$@"
