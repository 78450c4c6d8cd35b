public import HearthCore

extension ServiceError.Code {
    /// An image file is missing, unreadable, or in a format the OCR cannot decode.
    public static let unreadableImage = ServiceError.Code("UNREADABLE_IMAGE")
    /// The OCR engine cannot start: its library or language data is missing.
    public static let ocrUnavailable = ServiceError.Code("OCR_UNAVAILABLE")
}
