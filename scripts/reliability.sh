#!/usr/bin/env bash
# `npm run test:reliability`: the reliability suites (every test/reliability/*.test.ts) in their full tier
# (HORTUS_RELIABILITY=full: more crash rounds, race trials, fault injections) on SQLite and on a throwaway
# PostgreSQL cluster, then one table of the figures they recorded. Exits non-zero if any suite failed on
# either database; the table is printed either way.
set -euo pipefail
cd "$(dirname "$0")/.."
export HORTUS_RELIABILITY=full
# As in scripts/test.sh: suites that are not about limits run with them raised (a limits suite sets its own).
export HORTUS_RATE_LIMIT_PER_MINUTE=${HORTUS_RATE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_WRITE_LIMIT_PER_MINUTE=${HORTUS_WRITE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE=${HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE:-1000000}
export HORTUS_NEW_ACCOUNT_WRITES_PER_DAY=${HORTUS_NEW_ACCOUNT_WRITES_PER_DAY:-1000000}
mapfile -t files < <(find test/reliability -name '*.test.ts' | sort)
rm -rf test-results/reliability

# One file at a time: the suites measure timings (exit after SIGTERM, key timing, recovery after a fault)
# that a neighbour's load on a small machine would blur.
run_suite() {
  echo "=== reliability suites (full tier) on $1 ==="
  HORTUS_TEST_DB=$1 node --import tsx --test --test-concurrency=1 "${files[@]}"
}

failed=()
run_suite sqlite || failed+=(sqlite)
bash scripts/postgres/with-test-cluster.sh bash -c "$(declare -f run_suite); $(declare -p files); run_suite postgres" ||
  failed+=(postgres)

node --import tsx scripts/reliability-table.ts
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "=== failed on: ${failed[*]} ==="
  exit 1
fi
