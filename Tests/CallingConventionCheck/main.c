// The calling-convention harness (Tests/DelegateCallHarness) for another architecture than the
// machine's: scripts/check-calling-conventions.sh compiles it with aarch64-linux-gnu-gcc and runs it
// under qemu, over the table CallingConventionTableTests writes from what the runtime chooses on
// arm64. Prints each failure and a last line "N passed, N failed".

#include <stdio.h>

#include "DelegateCallHarness.h"

static const int table[][3] = {
#include "arm64-table.inc"
};

int main(void) {
    int passed = 0, failed = 0;
    for (unsigned long index = 0; index < sizeof table / sizeof table[0]; index++) {
        int caller = table[index][0], sink = table[index][1], bytes = table[index][2];
        int zeroed = harness_leading_zero_bytes((HarnessCaller)caller, harness_sink((HarnessSink)sink));
        if (zeroed >= bytes) {
            passed++;
        } else {
            failed++;
            printf("row %lu: caller %d through sink %d: %d of %d bytes zero\n", index, caller, sink, zeroed, bytes);
        }
    }
    // The harness sees a wrong sink: a CGSize read through the integer sink is the previous call's.
    if (harness_leading_zero_bytes(HarnessCallerSize, harness_sink(HarnessSinkIntegers)) < harness_size(HarnessCallerSize)) {
        passed++;
    } else {
        failed++;
        printf("the integer sink read as a CGSize read zero: the harness does not dirty the registers\n");
    }
    if (harness_bool(harness_sink(HarnessSinkYes)) == 1) {
        passed++;
    } else {
        failed++;
        printf("the YES sink read as a BOOL is not YES\n");
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
