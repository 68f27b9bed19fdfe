#!/usr/bin/env bash
# Every check and every test: installs what it needs (Debian packages, pnpm, dependencies),
# typechecks, lints, runs all test suites, and ends with one line: "N passed, N failed".
set -uo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$REPO_ROOT"
source scripts/lib/setup.sh

# chromium: end-to-end UI tests; libsecret/gnome-keyring/dbus: the real OS keychain;
# libxml2-utils: manifest well-formedness; libreoffice-calc-nogui: reading back the XLSX we write;
# python3-pandas/-statsmodels/-requests/-openpyxl: independent references for figures, snippets and files;
# redis-server: the team gateway's shared state (the gateway suites start their own on a free port).
ensure_apt chromium libsecret-1-dev libsecret-tools gnome-keyring dbus libxml2-utils libreoffice-calc-nogui \
  python3-pandas python3-statsmodels python3-requests python3-openpyxl redis-server || exit 1
ensure_pnpm || exit 1
ensure_deps || exit 1

data_dir="$(default_data_dir)"
[ -n "$data_dir" ] && export ECONDATA_DATA_DIR="$data_dir"
[ -z "$data_dir" ] && echo "note: no ../shared/data beside the checkout: suites that need the real data are skipped"

results="$REPO_ROOT/.test-results"
rm -rf "$results" && mkdir -p "$results"
status=0

# Each check is one line in checks.txt ("name passed" or "name failed"), counted in the summary.
check() {
  local name="$1"; shift
  echo "==> $name"
  if "$@"; then echo "$name passed" >> "$results/checks.txt"
  else echo "$name failed" >> "$results/checks.txt"; status=1; fi
}
check typecheck pnpm --silent typecheck
check lint pnpm --silent lint
check knip pnpm --silent knip

# The tests run inside a private D-Bus session with a throwaway, unlocked keyring, so the keychain
# suites and the desktop e2e use a real Secret Service without touching the user's own keyring.
echo "==> tests (vitest projects: unit, contract, browser)"
bash scripts/lib/with-keyring.sh pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1

node scripts/lib/summarize.mjs "$results" || status=1
exit $status
