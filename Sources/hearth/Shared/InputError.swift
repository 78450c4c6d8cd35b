import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance

/// Input that cannot be used, with what to do about it.
struct InputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
