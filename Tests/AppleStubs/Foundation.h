// Stub of Apple's Foundation headers (the C half of the stub Foundation module; Foundation.swift is
// its Swift overlay): the C types Foundation declares and the UIKit delegate stubs pass in `@objc`
// signatures, declared as Apple's NSObjCRuntime.h and NSRange.h do, so that they are representable
// there. The compiler imports `NSUInteger` as `Int` and `struct _NSRange` as `NSRange` with
// `location` and `length`, as from Apple's headers. Nothing here runs.
// Sources: https://developer.apple.com/documentation/foundation/nsrange
// https://developer.apple.com/documentation/objectivec/nsuinteger

typedef long NSInteger;
typedef unsigned long NSUInteger;

typedef struct _NSRange {
    NSUInteger location;
    NSUInteger length;
} NSRange;

/// `NSOperatingSystemVersion` (NSProcessInfo.h): three `NSInteger`s, 24 bytes, which Apple's
/// compilers return in memory on arm64 and x86-64.
typedef struct {
    NSInteger majorVersion;
    NSInteger minorVersion;
    NSInteger patchVersion;
} NSOperatingSystemVersion __attribute__((swift_name("OperatingSystemVersion")));

/// `NSURLSessionAuthChallengeDisposition` (NSURLSession.h), an NS_ENUM: `URLSession.AuthChallengeDisposition`
/// in Swift (a typealias in Foundation.swift, since a C declaration cannot be nested in a Swift class).
/// https://developer.apple.com/documentation/foundation/urlsession/authchallengedisposition
typedef enum __attribute__((enum_extensibility(open))) NSURLSessionAuthChallengeDisposition : NSInteger
    NSURLSessionAuthChallengeDisposition;
enum NSURLSessionAuthChallengeDisposition : NSInteger {
    NSURLSessionAuthChallengeUseCredential = 0,
    NSURLSessionAuthChallengePerformDefaultHandling = 1,
    NSURLSessionAuthChallengeCancelAuthenticationChallenge = 2,
    NSURLSessionAuthChallengeRejectProtectionSpace = 3
};
