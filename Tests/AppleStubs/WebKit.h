// Stub of Apple's WebKit headers (the C half of the stub WebKit module; WebKit.swift is its Swift
// overlay): the NS_ENUMs a navigation delegate's decision handlers take, written as the macro
// expands, so that they are imported as open enumerations representable in `@objc` and block
// signatures (`.cancel`, `.allow`, `.download`). Nothing here runs.
// Sources: https://developer.apple.com/documentation/webkit/wknavigationactionpolicy
// https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy

#include "Foundation.h"

typedef enum __attribute__((enum_extensibility(open))) WKNavigationActionPolicy : NSInteger WKNavigationActionPolicy;
enum WKNavigationActionPolicy : NSInteger {
    WKNavigationActionPolicyCancel,
    WKNavigationActionPolicyAllow,
    /// iOS 14.5, macOS 11.3.
    WKNavigationActionPolicyDownload
};

typedef enum __attribute__((enum_extensibility(open))) WKNavigationResponsePolicy : NSInteger
    WKNavigationResponsePolicy;
enum WKNavigationResponsePolicy : NSInteger {
    WKNavigationResponsePolicyCancel,
    WKNavigationResponsePolicyAllow,
    /// iOS 14.5, macOS 11.3.
    WKNavigationResponsePolicyDownload
};
