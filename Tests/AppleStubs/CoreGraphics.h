// Stub of Apple's CoreGraphics headers (the C half of the stub CoreGraphics module; CoreGraphics.swift
// is its Swift overlay): the geometry types the UIKit delegate stubs pass, declared in C as Apple's
// CGGeometry.h does, so that they are representable in `@objc` signatures. `CGFloat` is a C `double`
// here; the compiler maps it to the overlay's `CGFloat` struct, as it maps Apple's. Nothing here runs.
// Sources: https://developer.apple.com/documentation/corefoundation/cgfloat
// https://developer.apple.com/documentation/corefoundation/cgpoint
// https://developer.apple.com/documentation/corefoundation/cgrect

typedef double CGFloat;

struct CGPoint {
    CGFloat x;
    CGFloat y;
};
typedef struct CGPoint CGPoint;

struct CGSize {
    CGFloat width;
    CGFloat height;
};
typedef struct CGSize CGSize;

struct CGRect {
    CGPoint origin;
    CGSize size;
};
typedef struct CGRect CGRect;

/// The standardized height (never negative); Swift's `CGRect.height`, as CGGeometry.h names it.
CGFloat CGRectGetHeight(CGRect rect) __attribute__((swift_name("getter:CGRect.height(self:)")));

/// `CGAffineTransform` (CGAffineTransform.h): six `CGFloat`s, 48 bytes, returned in memory.
struct CGAffineTransform {
    CGFloat a, b, c, d;
    CGFloat tx, ty;
};
typedef struct CGAffineTransform CGAffineTransform;
