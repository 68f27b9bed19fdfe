# Shared by scripts/start.sh and scripts/test.sh: install what this repository needs, idempotently.
# Sourced, not run. Every function is quiet when there is nothing to do.

PNPM_VERSION=10.34.9
# Build native addons (keytar) against the installed Node headers instead of downloading them.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

# ensure_apt PKG...: install the Debian packages that are missing (as root, or through sudo).
ensure_apt() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  echo "==> installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_pnpm: the pinned pnpm (corepack's signature check fails on this registry, so npm installs it).
ensure_pnpm() {
  if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    echo "==> installing pnpm $PNPM_VERSION"
    npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || {
      local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
      $sudo npm install -g "pnpm@$PNPM_VERSION" >/dev/null
    }
  fi
}

# ensure_deps: the workspace's dependencies, exactly as pnpm-lock.yaml pins them.
ensure_deps() {
  echo "==> installing dependencies"
  pnpm install --frozen-lockfile --reporter=silent
}

# default_data_dir: the real public data beside the checkout (../shared/data), when there is one.
default_data_dir() {
  if [ -n "${ECONDATA_DATA_DIR:-}" ]; then
    echo "$ECONDATA_DATA_DIR"
  elif [ -d "$REPO_ROOT/../shared/data" ]; then
    (cd "$REPO_ROOT/../shared/data" && pwd)
  fi
}
