#!/usr/bin/env bash
# Instructions per delivered value, counted by valgrind's callgrind (exact and repeatable, unlike
# wall-clock time on a shared machine): each contestant of BenchDriver runs with N values and with
# none, and the difference is divided by N. Profiles are left in $out for callgrind_annotate.
# Heap allocations for the N values are counted the same way by valgrind's memcheck.
# latest, dropOldest and dropNewest are the callback publisher with that `whenNoDemand` policy,
# with unlimited demand and with none (every value kept: see Sources/BenchDriver/main.swift).
# The *Cycle contestants count a subscribe and cancel instead of a value: a target/action
# publisher's target added and removed, on a nonisolated sender, on a main-actor sender from the
# main thread, and from another queue (two hops to the main queue each; see BenchDriver).
#
#     Benchmarks/callgrind.sh [N]          # default N = 20000
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-20000}
out=${CALLGRIND_OUT:-.build/callgrind}
mkdir -p "$out"
swift build -c release --product BenchDriver > /dev/null
# valgrind 3.19 cannot read the toolchain's DWARF 5; symbols are enough.
objcopy --strip-debug .build/release/BenchDriver "$out/BenchDriver"

instructions() { # contestant demand count
    valgrind --tool=callgrind --callgrind-out-file="$out/$1.$2.$3.out" "$out/BenchDriver" "$1" "$2" "$3" 2>&1 \
        | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}

# Heap allocations, counted by valgrind's memcheck the same way (N values minus none).
allocations() { # contestant demand count
    valgrind --tool=memcheck "$out/BenchDriver" "$1" "$2" "$3" 2>&1 \
        | sed -nE 's/.*total heap usage: ([0-9,]+) allocs.*/\1/p' | tr -d ,
}

echo "| contestant | demand | instructions per value | heap allocations for $n values |"
echo "| --- | --- | ---: | ---: |"
for contestant in closure passthrough handwritten callback sender targetAction mainActorTargetAction periodic polling \
    latest dropOldest dropNewest targetActionCycle mainActorCycle mainActorHopCycle; do
    demands="unlimited one"
    [[ $contestant == polling || $contestant == closure || $contestant == sender || $contestant == *Cycle ]] && demands="one"
    [[ $contestant == latest || $contestant == drop* ]] && demands="unlimited none"
    for demand in $demands; do
        empty=$(instructions "$contestant" "$demand" 0)
        full=$(instructions "$contestant" "$demand" "$n")
        allocated=$(($(allocations "$contestant" "$demand" "$n") - $(allocations "$contestant" "$demand" 0)))
        echo "| $contestant | $demand | $(((full - empty) / n)) | $allocated |"
    done
done
