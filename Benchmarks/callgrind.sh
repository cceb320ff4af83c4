#!/usr/bin/env bash
# Instructions per delivered value, counted by valgrind's callgrind (exact and repeatable, unlike
# wall-clock time on a shared machine): each contestant of BenchDriver runs with N values and with
# none, and the difference is divided by N. Profiles are left in $out for callgrind_annotate.
# Heap allocations for the N values are counted the same way by valgrind's memcheck.
# latest, dropOldest and dropNewest are the callback publisher with that `whenNoDemand` policy,
# with unlimited demand and with none (every value kept: see Sources/BenchDriver/main.swift).
# The *Cycle contestants count a subscribe and cancel instead of a value: a target/action
# publisher's target added and removed, on a nonisolated sender, on a main-actor sender from the
# main thread, and from another queue (two hops to the main queue each; see BenchDriver);
# delegateCycle a delegate publisher's only consumer (the proxy made, installed, uninstalled),
# delegateJoinCycle a second consumer joining and leaving the proxy another one keeps.
# The async contestants (issue 15; Sources/BenchSubjects/AsyncContestants.swift), all fed by the
# same callback source: latestSequence and bufferSequence are the generated sequences declared
# with `whenNoDemand: latest` and `{ buffer: 16, whenFull: dropOldest }`, unboundedSequence the one
# declared without it (every value kept, the sequences' default); streamNewest and
# streamUnbounded an AsyncStream with `.bufferingNewest(1)` and `.unbounded` whose continuation's
# `yield` is the source's observer; latestValues and bufferValues the same two declarations'
# publishers through OpenCombine's `.values`; hubClosure the source calling a bare closure;
# semaphores the floor of handOff, its two threads handing values over with semaphores, no async.
# observation, trackingLoop and observations (demand `change`; Sources/BenchSubjects/
# ObservationContestants.swift): one change of a main-actor @Observable model, delivered after a
# hop to the main queue, through the generated observation publisher, a hand-written
# withObservationTracking loop feeding a PassthroughSubject, and Observations.
# sendThenNext: on one task, the source sends a value, then the task awaits `next()`, which
# returns the kept value without suspending. handOff: the task is suspended in `next()` when a
# producer thread sends each value, which resumes it; a task executor with a thread of its own runs
# the task and wakes the producer each time the task suspends, so the two threads strictly
# alternate. Still, handOff and mainActor rows are not exact: between runs they have moved by up
# to some 400 instructions per value (3-9%), mostly all together, so compare them within one run.
# The executor's preference costs every handOff contestant runtime lookups at each task switch
# that the global executor does not make. Each run sends and takes one value (for handOff, hands one off) before
# the N, so what is allocated on first use is not counted. mainActor: sendThenNext with the consumer on the main actor (the main run loop
# draining the main queue), calling `next(isolation:)` as a `for await` loop there does; an
# iterator without its own `next(isolation:)` gets the standard library's, which calls `next()`,
# so a nonisolated `next()` hops off the main actor and back for every value.
#
#     Benchmarks/callgrind.sh [N]          # default N = 20000
#     CONTESTANTS="delegate delegateProxy" Benchmarks/callgrind.sh    # only these
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
all="closure passthrough handwritten callback sender targetAction mainActorTargetAction periodic polling
    latest dropOldest dropNewest targetActionCycle mainActorCycle mainActorHopCycle
    delegate delegateProxy delegateOwner delegateCycle delegateJoinCycle
    latestSequence bufferSequence unboundedSequence streamNewest streamUnbounded latestValues bufferValues hubClosure
    semaphores observation trackingLoop observations"
for contestant in ${CONTESTANTS:-$all}; do
    demands="unlimited one"
    [[ $contestant == polling || $contestant == closure || $contestant == sender || $contestant == *Cycle ]] && demands="one"
    [[ $contestant == delegate || $contestant == delegateProxy ]] && demands="unlimited one sink"
    [[ $contestant == delegateOwner ]] && demands="one"
    [[ $contestant == *Sequence || $contestant == stream* || $contestant == *Values ]] && demands="sendThenNext handOff mainActor"
    [[ $contestant == hubClosure ]] && demands="sendThenNext"
    [[ $contestant == semaphores ]] && demands="handOff"
    [[ $contestant == latest || $contestant == drop* ]] && demands="unlimited none"
    [[ $contestant == observation || $contestant == trackingLoop || $contestant == observations ]] && demands="change"
    for demand in $demands; do
        empty=$(instructions "$contestant" "$demand" 0)
        full=$(instructions "$contestant" "$demand" "$n")
        allocated=$(($(allocations "$contestant" "$demand" "$n") - $(allocations "$contestant" "$demand" 0)))
        echo "| $contestant | $demand | $(((full - empty) / n)) | $allocated |"
    done
done
