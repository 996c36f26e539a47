#!/usr/bin/env bash
# `npm run bench`: the throughput bench (bench/throughput.bench.ts) on SQLite, then on a throwaway PostgreSQL
# cluster, then the table of both runs. `npm run bench sqlite` (or postgres) runs one. About 20 minutes in all.
# HORTUS_BENCH_RUNS=3 runs it three times and prints the spread.
# The load generator is Debian's wrk (scripts/bench/ensure-wrk.sh installs it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bench/ensure-wrk.sh
which_db=${1:-all}
# HORTUS_BENCH_RUNS=<n>: the whole bench n times over, each run's figures in test-results/bench/run-<i>/, then
# the spread of every target across the runs (bench/spread.ts).
runs=${HORTUS_BENCH_RUNS:-1}
rm -rf test-results/bench
# The bench imports its set in its own process, as `npm run hortus -- import` would: with the CLI's node
# flag (package.json), which the import's many short-lived rows need (README, Command line).
import_flags=--max-semi-space-size=32
for ((run = 1; run <= runs; run++)); do
  if [[ $which_db == all || $which_db == sqlite ]]; then
    HORTUS_TEST_DB=sqlite node $import_flags --import tsx bench/throughput.bench.ts
  fi
  if [[ $which_db == all || $which_db == postgres ]]; then
    bash scripts/postgres/with-test-cluster.sh bash -c "HORTUS_TEST_DB=postgres node $import_flags --import tsx bench/throughput.bench.ts"
  fi
  if ((runs == 1)); then
    node --import tsx bench/table.ts
  else
    mkdir -p "test-results/bench/run-$run"
    mv test-results/bench/*.json "test-results/bench/run-$run/"
    echo "=== run $run of $runs ==="
    node --import tsx bench/table.ts "test-results/bench/run-$run"
  fi
done
if ((runs > 1)); then node --import tsx bench/spread.ts; fi
