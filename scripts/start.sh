#!/usr/bin/env bash
# The main job: installs what it needs, then starts the sandbox Economic Data Service
# on the real data beside the checkout (../shared/data) or, without it, on generated demo data.
# Extra arguments go to the sandbox (pnpm sandbox --help lists them).
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$REPO_ROOT"
source scripts/lib/setup.sh

ensure_pnpm
ensure_deps
data_dir="$(default_data_dir)"
# One process (node with tsx's loader), no pnpm in between: Ctrl+C and SIGTERM reach the server itself.
if [ -n "$data_dir" ]; then
  exec node --import tsx packages/sandbox/src/cli.ts --data "$data_dir" "$@"
else
  exec node --import tsx packages/sandbox/src/cli.ts "$@"
fi
