#!/usr/bin/env bash
# `npm test`: every test. Type check, lint (Biome) and the layer rules (dependency-cruiser,
# docs/architecture.md), unit/router/REST tests (vitest) on SQLite and again on PostgreSQL, the release archive run from an empty folder,
# then the browser journeys (Playwright in Debian's Chromium) against a fresh build.
# Browser tests are never skipped silently.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium for the browser tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's Chromium: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && [ -z "${PG_BIN:-}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's PostgreSQL server for the tests on PostgreSQL..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "The tests on PostgreSQL need its server binaries: run 'sudo apt-get install -y postgresql' (or set PG_BIN)." >&2
    exit 1
  fi
fi

echo "== typecheck"
npx tsc --noEmit
echo "== lint"
npm run --silent lint
echo "== layer rules"
npm run --silent depcruise
echo "== unit, router and REST tests"
npx vitest run --project server --project client
echo "== latency and memory under attack, on the real server, one file at a time (vite.config.ts, QUIET_TESTS)"
npx vitest run --project quiet --no-file-parallelism
echo "== the server tests again, on PostgreSQL (TEST_ENGINE=pg: one throwaway cluster, a fresh database per test file)"
TEST_ENGINE=pg npx vitest run --project server
echo "== build"
npx vite build --logLevel warn
echo "== release: build the archive, run it from an empty folder (tests/release)"
node scripts/release.mjs --reuse-client
npx vitest run --config tests/release/vitest.config.ts
echo "== browser journeys"
npx playwright test
