#!/usr/bin/env bash
# `npm run bench`: the throughput bench (bench/throughput.bench.ts) on SQLite, then on a throwaway PostgreSQL
# cluster, then the table of both runs. `npm run bench sqlite` (or postgres) runs one. About 15 minutes in all.
# The load generator is Debian's wrk (scripts/bench/ensure-wrk.sh installs it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bench/ensure-wrk.sh
which_db=${1:-all}
rm -rf test-results/bench
if [[ $which_db == all || $which_db == sqlite ]]; then
  HORTUS_TEST_DB=sqlite node --import tsx bench/throughput.bench.ts
fi
if [[ $which_db == all || $which_db == postgres ]]; then
  bash scripts/postgres/with-test-cluster.sh bash -c 'HORTUS_TEST_DB=postgres node --import tsx bench/throughput.bench.ts'
fi
node --import tsx bench/table.ts
