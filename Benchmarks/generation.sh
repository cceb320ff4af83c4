#!/usr/bin/env bash
# Generation speed: time and peak memory of `publisher-generator generate` for 1,000 and 10,000
# declarations and of `validate` for 100,000 (a synthetic schema of every kind), with release and
# debug builds of the CLI (the build plugin runs a debug build). Prints a Markdown table of medians
# over ROUNDS runs (default 5), with the range. Re-run it after any change that may touch speed.
#
# RELEASE_TOOL / DEBUG_TOOL (absolute paths) use CLIs built elsewhere instead of building them here.
# BASELINE_RELEASE_TOOL / BASELINE_DEBUG_TOOL add a second CLI (say, one built from main) that runs
# alternately with the first, run for run, so a busy machine slows both alike; the table then gives
# both and the ratio. A copied CLI needs its resources folder next to it
# (swift-publisher-generator_PublisherGeneratorCore.resources).
#
#     Benchmarks/generation.sh
#     ROUNDS=7 BASELINE_DEBUG_TOOL=/tmp/main/debug/publisher-generator \
#         BASELINE_RELEASE_TOOL=/tmp/main/release/publisher-generator Benchmarks/generation.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
# Quiet unless a build fails: then its output says why (a bare exit status said nothing).
build() {
    local log
    log="$(mktemp)"
    if ! swift build "$@" > "$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
}
[[ -n "${RELEASE_TOOL:-}" ]] || build -c release --product publisher-generator --scratch-path .build-release
[[ -n "${DEBUG_TOOL:-}" ]] || build -c debug --product publisher-generator
release_tool=${RELEASE_TOOL:-$PWD/.build-release/release/publisher-generator}
debug_tool=${DEBUG_TOOL:-$PWD/.build/debug/publisher-generator}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

synthesize() {
    local count=$1 file=$2
    {
        echo "version: 1"
        echo "publishers:"
        for ((i = 0; i < count; i++)); do
            case $((i % 4)) in
            0) echo "  - { name: Event$i, kind: callback, on: Owner, output: Int, register: \"add { send(\$0) }\", unregister: remove(token), whenNoDemand: latest }" ;;
            1) echo "  - { name: Pull$i, kind: polling, on: Owner, output: Int, next: next() }" ;;
            2) echo "  - { name: Tick$i, kind: periodic, output: Int, interval: 0.5, value: '1', whenNoDemand: { buffer: 8 } }" ;;
            3) echo "  - { name: Tap$i, kind: targetAction, on: Control, output: Int, event: Control.Event, value: level }" ;;
            esac
        done
    } > "$file"
}

# One run: prints "seconds kilobytes".
run() {
    local tool=$1 command=$2 schema=$3
    rm -rf "$work/out"
    if [[ $command == generate ]]; then
        /usr/bin/time -f "%e %M" -o "$work/time" "$tool" generate "$schema" --output "$work/out" > /dev/null
    else
        /usr/bin/time -f "%e %M" -o "$work/time" "$tool" validate "$schema" > /dev/null
    fi
    cat "$work/time"
}

# "median (min–max)" of the numbers on standard input.
summary() {
    sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
        printf "%s (%s–%s)", m, v[1], v[NR] }'
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

compare="${BASELINE_RELEASE_TOOL:-}${BASELINE_DEBUG_TOOL:-}"
if [[ -n $compare ]]; then
    echo "| task | CLI build | time (s), median (range) | baseline time (s) | ratio | peak memory (MB) | baseline (MB) |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
else
    echo "| task | CLI build | time (s), median (range) | peak memory (MB) |"
    echo "| --- | --- | --- | --- |"
fi
for task in "generate 1000" "generate 10000" "validate 100000"; do
    read -r command count <<< "$task"
    schema="$work/Synthetic$count.publishers.yaml"
    synthesize "$count" "$schema"
    for build in release debug; do
        if [[ $build == release ]]; then
            tool=$release_tool baseline=${BASELINE_RELEASE_TOOL:-}
        else
            tool=$debug_tool baseline=${BASELINE_DEBUG_TOOL:-}
        fi
        : > "$work/candidate" && : > "$work/baseline"
        for ((round = 0; round < rounds; round++)); do
            run "$tool" "$command" "$schema" >> "$work/candidate"
            [[ -z $baseline ]] || run "$baseline" "$command" "$schema" >> "$work/baseline"
        done
        times=$(cut -d' ' -f1 < "$work/candidate" | summary)
        megabytes=$(awk '{ print int($2 / 1024) }' < "$work/candidate" | median)
        if [[ -n $baseline ]]; then
            ratio=$(awk -v a="$(cut -d' ' -f1 < "$work/candidate" | median)" \
                -v b="$(cut -d' ' -f1 < "$work/baseline" | median)" 'BEGIN { printf "%.2f", a / b }')
            echo "| $command $count | $build | $times | $(cut -d' ' -f1 < "$work/baseline" | summary) | $ratio" \
                "| $megabytes | $(awk '{ print int($2 / 1024) }' < "$work/baseline" | median) |"
        elif [[ -n $compare ]]; then
            echo "| $command $count | $build | $times | | | $megabytes | |"
        else
            echo "| $command $count | $build | $times | $megabytes |"
        fi
    done
done
