#!/usr/bin/env bash
# `npm run bench:scale`: how the cost grows with the data (bench/scale/scale.bench.ts) on SQLite, then on a
# throwaway PostgreSQL cluster, then the table of both runs (bench/scale/table.ts).
#   HORTUS_SCALE_DB=sqlite|postgres   one database only (both unless told)
#   HORTUS_SCALE_PLANTS=<count>       the large size (1000000 unless told; 150000 is a quick look)
#   HORTUS_SCALE_ROUNDS=<count>       one client's requests per case and size (2000 unless told)
#   HORTUS_SCALE_CASES=<regexp>       only the read cases whose names match
#   HORTUS_SCALE_REUSE=1              measure the databases an earlier run left again: SQLite's in var/scale/,
#                                     PostgreSQL's on the server of HORTUS_TEST_PG_URL
#   HORTUS_TEST_PG_URL=<url>          PostgreSQL: this server (a superuser URL to its `postgres` database),
#                                     not a throwaway cluster; the databases stay there for HORTUS_SCALE_REUSE
#   HORTUS_SCALE_RUNS=<count>         the whole of it n times, each run's figures in
#                                     test-results/bench/scale-runs/run-<i>/, then their spread (bench/spread.ts)
# The made-up plants and the SQLite databases are kept in var/scale/ (about 150 MB and 2 GB at a million),
# PostgreSQL's live as long as its server. At a million plants, about an hour on SQLite on a
# shared 2-core machine, most of it the import.
set -euo pipefail
cd "$(dirname "$0")/.."
which_db=${HORTUS_SCALE_DB:-all}
runs=${HORTUS_SCALE_RUNS:-1}
# The bench imports in its own process, as `npm run hortus -- import` would: with the CLI's node flag
# (package.json), which the import's many short-lived rows need (README, Command line).
import_flags=--max-semi-space-size=32
rm -rf test-results/bench/scale-*.json test-results/bench/scale.json test-results/bench/scale-runs
for ((run = 1; run <= runs; run++)); do
  if [[ $which_db == all || $which_db == sqlite ]]; then
    HORTUS_TEST_DB=sqlite node $import_flags --import tsx bench/scale/scale.bench.ts
  fi
  if [[ $which_db == all || $which_db == postgres ]]; then
    if [[ -n ${HORTUS_TEST_PG_URL:-} ]]; then
      HORTUS_TEST_DB=postgres node $import_flags --import tsx bench/scale/scale.bench.ts
    else
      bash scripts/postgres/with-test-cluster.sh bash -c "HORTUS_TEST_DB=postgres node $import_flags --import tsx bench/scale/scale.bench.ts"
    fi
  fi
  if ((runs == 1)); then
    node --import tsx bench/scale/table.ts
  else
    folder="test-results/bench/scale-runs/run-$run"
    mkdir -p "$folder"
    mv test-results/bench/scale-*.json "$folder/"
    echo "=== run $run of $runs ==="
    HORTUS_SCALE_RESULTS="$folder" node --import tsx bench/scale/table.ts
  fi
done
if ((runs > 1)); then node --import tsx bench/spread.ts test-results/bench/scale-runs; fi
