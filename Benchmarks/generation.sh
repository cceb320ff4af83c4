#!/usr/bin/env bash
# Generation speed: time and peak memory of `publisher-generator generate` for 1,000 and 10,000
# declarations (a synthetic schema of every kind), with release and debug builds of the CLI (the
# build plugin runs a debug build). Prints a Markdown table. RELEASE_TOOL / DEBUG_TOOL (absolute
# paths) use CLIs built elsewhere instead of building them here.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -n "${RELEASE_TOOL:-}" ]] || swift build -c release --product publisher-generator --scratch-path .build-release > /dev/null
[[ -n "${DEBUG_TOOL:-}" ]] || swift build -c debug --product publisher-generator > /dev/null
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

echo "| declarations | CLI build | time (s) | peak memory (MB) |"
echo "| --- | --- | --- | --- |"
for count in 1000 10000; do
    schema="$work/Synthetic$count.publishers.yaml"
    synthesize "$count" "$schema"
    for build in release debug; do
        if [[ $build == release ]]; then tool=${RELEASE_TOOL:-.build-release/release/publisher-generator}; else tool=${DEBUG_TOOL:-.build/debug/publisher-generator}; fi
        rm -rf "$work/out"
        /usr/bin/time -f "%e %M" -o "$work/time" "$tool" generate "$schema" --output "$work/out" > /dev/null
        read -r seconds kilobytes < "$work/time"
        echo "| $count | $build | $seconds | $((kilobytes / 1024)) |"
    done
done
