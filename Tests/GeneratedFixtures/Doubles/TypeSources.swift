import Foundation

/// A type whose sources belong to it rather than to one of its objects: the owner of the fixture
/// declarations whose factories are static (`factoriesOn: type`). It has no instances; its static
/// members are what the declarations' code names unqualified.
public nonisolated enum TestTypeSources {
    /// The source the static factories observe when they are given none, as an app's shared
    /// instance (`UIApplication.shared`) would be. Tests pass one of their own, since tests run in
    /// parallel and would share this one.
    public static let shared = TestSource()

    /// A notification the type posts, its new time in the user info's `"time"`.
    public static let didChangeNotification = Notification.Name("TestTypeSourcesDidChange")

    /// Posts ``didChangeNotification`` with `time` on `center`.
    public static func postChange(_ time: Int, on center: NotificationCenter) {
        center.post(name: didChangeNotification, object: nil, userInfo: ["time": time])
    }
}
