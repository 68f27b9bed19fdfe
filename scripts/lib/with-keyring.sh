#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked gnome-keyring: a real
# Secret Service that is not the user's own keyring. ECONDATA_REQUIRE_KEYCHAIN=1 tells the keychain
# suites (and the desktop e2e) that they must run here. scripts/test.sh runs every suite this way;
# one suite by hand: bash scripts/lib/with-keyring.sh pnpm exec vitest run test/e2e/desktop-explorer.test.ts
# Needs dbus, gnome-keyring and libsecret-tools (scripts/test.sh installs them).
set -uo pipefail
repo_root="$(cd "$(dirname "$0")/../.." && pwd)"
exec dbus-run-session -- bash -c '
  repo_root="$1"; shift
  export XDG_DATA_HOME="$(mktemp -d)"
  source "$repo_root/packages/keychain/test/fixtures/keyring-session.sh"
  start_keyring econdata-test || exit 1
  export ECONDATA_REQUIRE_KEYCHAIN=1
  "$@"
  code=$?
  # A daemonized keyring can outlive its D-Bus session: stop it ourselves.
  stop_secret_service
  rm -rf "$XDG_DATA_HOME"
  exit $code
' _ "$repo_root" "$@"
