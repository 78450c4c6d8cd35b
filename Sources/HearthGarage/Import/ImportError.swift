import HearthCore

/// The errors an import stops with, before anything is written (or rolled back when found later).
enum ImportError {
    static func invalidOption(_ message: String) -> ServiceError {
        ServiceError.validationFailed(message)
    }

    static func badFile(_ message: String) -> ServiceError {
        ServiceError(.validationFailed, message, reasons: [message])
    }
}
