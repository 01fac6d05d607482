#!/bin/bash
# A regula tournament in shards on a Slurm cluster: array task I of N plays the games g with
# g % N == I and writes its records; after the array, one merge gives exactly the numbers of
# one run (the same seed plays the same games in any shard).
#
#   sbatch --array=0-7 docs/cluster/slurm-evaluate.sh
#   regula evaluate --merge parts/part-*.json              # once every task has finished
#
# Settings by environment (sbatch --export=ALL,RULES=...,GAMES=...): REGULA (the binary),
# RULES, AGENTS, GAMES, SEED, OUT (a folder every node can write). tests/cluster.rs runs this
# script as the array's tasks would, and checks the merge against one run.
#SBATCH --job-name=regula-evaluate
#SBATCH --cpus-per-task=1
#SBATCH --output=regula-evaluate-%A_%a.log
set -euo pipefail
REGULA=${REGULA:-regula}
RULES=${RULES:-rules/camelot.rules}
AGENTS=${AGENTS:-mcts:iterations=200,alphabeta:nodes=2000}
GAMES=${GAMES:-100}
SEED=${SEED:-1}
OUT=${OUT:-parts}
mkdir -p "$OUT"
"$REGULA" evaluate "$RULES" --agents "$AGENTS" --games "$GAMES" --seed "$SEED" --threads 1 \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
  --out "$OUT/part-$SLURM_ARRAY_TASK_ID.json" --format json > /dev/null
