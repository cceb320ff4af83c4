// A calling-convention harness for `DelegateCallSink` (Templates/Engine/Shared/Delegate/DelegateCallSink.swift):
// C functions that return what each of the sink's C functions returns, and callers that call them
// through a function pointer of the type an Objective-C caller expects, after a call that left
// other values in the return registers (or in the result's memory). Compiled by clang for this
// machine in `swift test`, and by gcc for arm64 under qemu in scripts/check-calling-conventions.sh.

#ifndef DELEGATE_CALL_HARNESS_H
#define DELEGATE_CALL_HARNESS_H

/// What a caller expects the method to return, as the Objective-C types of Apple's delegate methods.
typedef enum {
    HarnessCallerLong,         // NSInteger, q
    HarnessCallerBool,         // BOOL, B or c
    HarnessCallerPointer,      // id, @
    HarnessCallerDouble,       // CGFloat, d
    HarnessCallerFloat,        // float, f
    HarnessCallerSize,         // CGSize, {dd}
    HarnessCallerFloatPair,    // {ff}
    HarnessCallerFloatQuad,    // {ffff}
    HarnessCallerDoubleTriple, // {ddd}
    HarnessCallerRect,         // CGRect, UIEdgeInsets, {dddd}
    HarnessCallerRange,        // NSRange, {QQ}
    HarnessCallerVersion,      // NSOperatingSystemVersion, {qqq}
    HarnessCallerTransform,    // CGAffineTransform, {dddddd}
    HarnessCallerTransform3D,  // CATransform3D, sixteen doubles
    HarnessCallerCount
} HarnessCaller;

/// The sink's C functions, by what they return (`DelegateSwallowedCall.Sink`).
typedef enum {
    HarnessSinkIntegers,      // NSRange {0, 0}
    HarnessSinkYes,           // NSRange {1, 0}
    HarnessSinkFloatingPoint, // CGRect on arm64, CGSize on x86-64
    HarnessSinkMemory24,      // NSOperatingSystemVersion
    HarnessSinkMemory32,      // CGRect (x86-64 only)
    HarnessSinkMemory48,      // CGAffineTransform
} HarnessSink;

/// The sink function `sink`, as a plain pointer.
void *harness_sink(HarnessSink sink);

/// Calls `function` as a method returning `caller`'s type, after dirtying where that type is read,
/// and returns how many of the result's leading bytes are zero (its size when all are).
int harness_leading_zero_bytes(HarnessCaller caller, void *function);

/// The size in bytes of `caller`'s type.
int harness_size(HarnessCaller caller);

/// Calls `function` as a method returning `BOOL` and returns what the caller reads.
int harness_bool(void *function);

#endif
