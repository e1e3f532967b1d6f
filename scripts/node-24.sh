# Sourced by .ci/run, scripts/start.sh and scripts/test.sh: puts Node 24 first on PATH. When the machine's `node` is
# older, Node 24 is installed from the npm registry (the `node` package, a real binary) into a folder outside the
# clone, once, and reused: NODE24_DIR, by default ~/.cache/cineverse/node24.
# shellcheck shell=bash
node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 24 ]; then
  NODE24_DIR=${NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cineverse/node24}
  if [ "$(node_major "$NODE24_DIR/node_modules/node/bin/node")" -lt 24 ]; then
    echo "Node $(node -v 2>/dev/null || echo '(none)') is older than 24: installing Node 24 from npm into $NODE24_DIR" >&2
    mkdir -p "$NODE24_DIR"
    npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$NODE24_DIR/node_modules/node/bin:$PATH"
  if [ "$(node_major)" -lt 24 ]; then
    echo "Node 24 could not be installed into $NODE24_DIR" >&2
    exit 1
  fi
fi
echo "node $(node -v)" >&2
