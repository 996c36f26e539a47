#!/usr/bin/env bash
# Runs the whole suite once per database: `npm test` (both), `npm run test:sqlite`, `npm run test:pg`.
# The PostgreSQL run starts a throwaway PostgreSQL 15 cluster on a free loopback port and stops it after.
# The browser tests (test/browser/) need Debian's Chromium: ensure-chromium.sh installs it when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
which_db=${1:-all}
# Suites that are not about limits run with them raised (test/api/limits.test.ts sets its own).
export HORTUS_RATE_LIMIT_PER_MINUTE=${HORTUS_RATE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_WRITE_LIMIT_PER_MINUTE=${HORTUS_WRITE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE=${HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_NEW_ACCOUNT_WRITES_PER_DAY=${HORTUS_NEW_ACCOUNT_WRITES_PER_DAY:-1000000}
mapfile -t files < <(find test -name '*.test.ts' | sort)
bash scripts/browser/ensure-chromium.sh

run_suite() {
  echo "=== test suite on $1 ==="
  rm -rf "test-results/$1" # no screenshot left from an earlier run
  HORTUS_TEST_DB=$1 node --import tsx --test --test-concurrency=2 "${files[@]}"
}

# A failure on SQLite does not skip PostgreSQL: every run reports both, then fails if either failed.
failed=()
if [[ $which_db == all || $which_db == sqlite ]]; then run_suite sqlite || failed+=(sqlite); fi
if [[ $which_db == all || $which_db == postgres ]]; then
  bash scripts/postgres/with-test-cluster.sh bash -c "$(declare -f run_suite); $(declare -p files); run_suite postgres" ||
    failed+=(postgres)
fi
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "=== failed on: ${failed[*]} ==="
  exit 1
fi
