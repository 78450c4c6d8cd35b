public import HearthCore

extension ServiceError.Code {
    /// Image bytes that are not a JPEG or PNG the renderers can draw.
    public static let invalidImage = ServiceError.Code("INVALID_IMAGE")
}
