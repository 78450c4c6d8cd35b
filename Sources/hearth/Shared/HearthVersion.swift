import ArgumentParser
import Foundation
import HearthCore

/// The version `hearth --version` prints.
enum HearthVersion {
    static let current = "0.1.0"
}
