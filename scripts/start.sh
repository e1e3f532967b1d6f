#!/usr/bin/env bash
# `npm ci && npm start` on Node 24, installed from npm first when the machine's node is older (scripts/node-24.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-24.sh
npm ci --no-audit --no-fund
exec npm start
