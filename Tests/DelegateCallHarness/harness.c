#include "DelegateCallHarness.h"

#include <string.h>

// The sink's return types, laid out as Apple's headers declare them.
typedef struct { unsigned long location, length; } Range;
typedef struct { double width, height; } Size;
typedef struct { double x, y, width, height; } Rect;
typedef struct { long major, minor, patch; } Version;
typedef struct { double a, b, c, d, tx, ty; } Transform;
// Callers' other types.
typedef struct { float x, y; } FloatPair;
typedef struct { float x, y, z, w; } FloatQuad;
typedef struct { double x, y, z; } DoubleTriple;
typedef struct { double m[16]; } Transform3D;

static Range sink_integers(void *receiver, void *selector) {
    Range zero = {0, 0};
    return zero;
}

static Range sink_yes(void *receiver, void *selector) {
    Range yes = {1, 0};
    return yes;
}

#if defined(__aarch64__)
static Rect sink_floating_point(void *receiver, void *selector) {
    Rect zero = {0, 0, 0, 0};
    return zero;
}
#else
static Size sink_floating_point(void *receiver, void *selector) {
    Size zero = {0, 0};
    return zero;
}
#endif

static Version sink_memory24(void *receiver, void *selector) {
    Version zero = {0, 0, 0};
    return zero;
}

static Rect sink_memory32(void *receiver, void *selector) {
    Rect zero = {0, 0, 0, 0};
    return zero;
}

static Transform sink_memory48(void *receiver, void *selector) {
    Transform zero = {0, 0, 0, 0, 0, 0};
    return zero;
}

void *harness_sink(HarnessSink sink) {
    switch (sink) {
    case HarnessSinkIntegers: return (void *)sink_integers;
    case HarnessSinkYes: return (void *)sink_yes;
    case HarnessSinkFloatingPoint: return (void *)sink_floating_point;
    case HarnessSinkMemory24: return (void *)sink_memory24;
    case HarnessSinkMemory32: return (void *)sink_memory32;
    case HarnessSinkMemory48: return (void *)sink_memory48;
    }
    return 0;
}

static int leading_zero_bytes(const void *bytes, int size) {
    const unsigned char *byte = bytes;
    int count = 0;
    while (count < size && byte[count] == 0) count++;
    return count;
}

// Each `dirty_T` returns a T of non-zero bytes, so that its return registers (or the memory of its
// result) hold them when the sink is called next; `keep` makes the compiler keep the call.
static volatile unsigned char keep;

#define HARNESS_CALLER(T, name)                                                        \
    __attribute__((noinline)) static T dirty_##name(void) {                            \
        T value;                                                                       \
        memset(&value, 0x5a, sizeof value);                                            \
        return value;                                                                  \
    }                                                                                  \
    __attribute__((noinline)) static int call_##name(void *function) {                 \
        T dirty = dirty_##name();                                                      \
        keep = *(unsigned char *)&dirty;                                               \
        T result = ((T (*)(void *, void *))function)((void *)0, (void *)0);            \
        return leading_zero_bytes(&result, sizeof result);                             \
    }

HARNESS_CALLER(long, long)
HARNESS_CALLER(void *, pointer)
HARNESS_CALLER(double, double)
HARNESS_CALLER(float, float)
HARNESS_CALLER(Size, size)
HARNESS_CALLER(FloatPair, float_pair)
HARNESS_CALLER(FloatQuad, float_quad)
HARNESS_CALLER(DoubleTriple, double_triple)
HARNESS_CALLER(Rect, rect)
HARNESS_CALLER(Range, range)
HARNESS_CALLER(Version, version)
HARNESS_CALLER(Transform, transform)
HARNESS_CALLER(Transform3D, transform3d)
HARNESS_CALLER(_Bool, bool)

int harness_leading_zero_bytes(HarnessCaller caller, void *function) {
    switch (caller) {
    case HarnessCallerLong: return call_long(function);
    case HarnessCallerBool: return call_bool(function);
    case HarnessCallerPointer: return call_pointer(function);
    case HarnessCallerDouble: return call_double(function);
    case HarnessCallerFloat: return call_float(function);
    case HarnessCallerSize: return call_size(function);
    case HarnessCallerFloatPair: return call_float_pair(function);
    case HarnessCallerFloatQuad: return call_float_quad(function);
    case HarnessCallerDoubleTriple: return call_double_triple(function);
    case HarnessCallerRect: return call_rect(function);
    case HarnessCallerRange: return call_range(function);
    case HarnessCallerVersion: return call_version(function);
    case HarnessCallerTransform: return call_transform(function);
    case HarnessCallerTransform3D: return call_transform3d(function);
    case HarnessCallerCount: break;
    }
    return -1;
}

int harness_size(HarnessCaller caller) {
    switch (caller) {
    case HarnessCallerLong: return sizeof(long);
    case HarnessCallerBool: return sizeof(_Bool);
    case HarnessCallerPointer: return sizeof(void *);
    case HarnessCallerDouble: return sizeof(double);
    case HarnessCallerFloat: return sizeof(float);
    case HarnessCallerSize: return sizeof(Size);
    case HarnessCallerFloatPair: return sizeof(FloatPair);
    case HarnessCallerFloatQuad: return sizeof(FloatQuad);
    case HarnessCallerDoubleTriple: return sizeof(DoubleTriple);
    case HarnessCallerRect: return sizeof(Rect);
    case HarnessCallerRange: return sizeof(Range);
    case HarnessCallerVersion: return sizeof(Version);
    case HarnessCallerTransform: return sizeof(Transform);
    case HarnessCallerTransform3D: return sizeof(Transform3D);
    case HarnessCallerCount: break;
    }
    return -1;
}

int harness_bool(void *function) {
    _Bool dirty = dirty_bool();
    keep = dirty;
    return ((_Bool (*)(void *, void *))function)((void *)0, (void *)0);
}
