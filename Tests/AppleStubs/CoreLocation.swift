// Stub of Apple's CoreLocation for type-checking delegate publishers on Linux. Unlike UIKit,
// nothing here is main-actor isolated: CLLocationManager and its delegate protocol are nonisolated
// in the SDK (the manager calls its delegate on the thread of the run loop it was created on).
// `delegate` is weak and optional; every delegate method is optional. Nothing here runs.
// Sources: https://developer.apple.com/documentation/corelocation/cllocationmanager
// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate

@_exported import Foundation

/// `class CLLocation`.
open class CLLocation: NSObject, @unchecked Sendable {
    public init(latitude: Double, longitude: Double) { fatalError() }
    open var timestamp: Date { fatalError() }
}

/// `enum CLAuthorizationStatus` (an `Int32`-backed C enum).
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

open class CLLocationManager: NSObject {
    weak open var delegate: (any CLLocationManagerDelegate)?
    open var location: CLLocation? { fatalError() }
    /// iOS 14.0, macOS 11.0.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    open var authorizationStatus: CLAuthorizationStatus { fatalError() }
    open func requestWhenInUseAuthorization() { fatalError() }
    open func startUpdatingLocation() { fatalError() }
    open func stopUpdatingLocation() { fatalError() }
}

@objc public protocol CLLocationManagerDelegate: NSObjectProtocol {
    @objc optional func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    @objc optional func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    @objc optional func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}
