// Stub of Apple's UIKit headers (the C half of the stub UIKit module; UIKit.swift is its Swift
// overlay): the option set UIKit declares with NS_OPTIONS and a delegate passes in an `@objc`
// signature, written as the macro expands, so that it is imported as a representable `OptionSet`.
// In the SDK its Swift name is `NSTextStorage.EditActions` (NS_SWIFT_NAME); a C declaration cannot be
// nested in a Swift class, so UIKit.swift declares that name as a typealias. And the C struct
// `UIEdgeInsets` (UIGeometry.h), a scroll view's `contentInset`. And the NS_ENUM
// `UITableViewCellEditingStyle` (`UITableViewCell.EditingStyle` in Swift, a typealias in UIKit.swift
// for the same reason), which a data source is passed: a C enum is open (non-frozen) as Apple's is,
// so that a `switch` over it needs `@unknown default` here as there. Nothing here runs.
// And the NS_ENUM `UITableViewRowAnimation` (`UITableView.RowAnimation`), the same way.
// Sources: https://developer.apple.com/documentation/uikit/nstextstorage/editactions
// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
// https://developer.apple.com/documentation/uikit/uiedgeinsets
// https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle-swift.enum

#include "CoreGraphics.h"
#include "Foundation.h"

typedef enum __attribute__((flag_enum, enum_extensibility(open))) NSTextStorageEditActions : NSUInteger
    NSTextStorageEditActions;
enum NSTextStorageEditActions : NSUInteger {
    NSTextStorageEditedAttributes = (1 << 0),
    NSTextStorageEditedCharacters = (1 << 1)
};

typedef struct UIEdgeInsets {
    CGFloat top, left, bottom, right;
} UIEdgeInsets;

typedef enum __attribute__((enum_extensibility(open))) UITableViewCellEditingStyle : NSInteger
    UITableViewCellEditingStyle;
enum UITableViewCellEditingStyle : NSInteger {
    UITableViewCellEditingStyleNone,
    UITableViewCellEditingStyleDelete,
    UITableViewCellEditingStyleInsert
};

/// `UITableViewRowAnimation` (UITableView.h): how inserted and deleted rows are animated.
typedef enum __attribute__((enum_extensibility(open))) UITableViewRowAnimation : NSInteger UITableViewRowAnimation;
enum UITableViewRowAnimation : NSInteger {
    UITableViewRowAnimationFade,
    UITableViewRowAnimationRight,
    UITableViewRowAnimationLeft,
    UITableViewRowAnimationTop,
    UITableViewRowAnimationBottom,
    UITableViewRowAnimationNone,
    UITableViewRowAnimationMiddle,
    UITableViewRowAnimationAutomatic = 100
};
