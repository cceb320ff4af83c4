// The test target's own file (SwiftPM builds, and so runs the plugin for, only a target with a
// Swift source); the tests are the ones the plugin generates for `App`.
import XCTest
