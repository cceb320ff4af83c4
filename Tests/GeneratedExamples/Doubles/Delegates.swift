import Foundation

// Swift-native stand-ins for delegate owners, shaped like UIKit's and CoreLocation's: each holds
// its delegate weakly and calls it as the real class would. The protocols' methods have default
// implementations, as optional methods of an `@objc` protocol are optional.

/// Shaped like `UITableViewDelegate`.
@MainActor public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// No declaration observes it: the proxy leaves it to this default.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 44 }
}

/// Shaped like `UITableView`.
@MainActor public final class TableView {
    public weak var delegate: (any TableViewDelegate)?

    public init() {}

    /// Plays the user selecting the row at `indexPath`.
    public func selectRow(at indexPath: IndexPath) {
        delegate?.tableView(self, didSelectRowAt: indexPath)
    }

    /// Plays the user deselecting the row at `indexPath`.
    public func deselectRow(at indexPath: IndexPath) {
        delegate?.tableView(self, didDeselectRowAt: indexPath)
    }
}

/// Shaped like `UITextFieldDelegate`.
@MainActor public protocol TextFieldDelegate: AnyObject {
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

/// A reported location.
public nonisolated struct Location: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Shaped like `CLLocationManagerDelegate`, which is not main-actor.
public nonisolated protocol LocationManagerDelegate: AnyObject {
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location])
    func locationManager(_ manager: LocationManager, didFailWithError error: any Error)
}

/// Shaped like `CLLocationManager`: callable from any thread; it calls its delegate on the thread
/// that reports.
public nonisolated final class LocationManager: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: (any LocationManagerDelegate)?

    public init() {}

    public var delegate: (any LocationManagerDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// Plays the system reporting `locations`.
    public func report(_ locations: [Location]) {
        delegate?.locationManager(self, didUpdateLocations: locations)
    }

    /// Plays the system failing with `error`.
    public func fail(with error: any Error) {
        delegate?.locationManager(self, didFailWithError: error)
    }
}
