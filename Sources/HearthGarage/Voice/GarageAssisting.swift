/// Answers voice requests about the garage ("What's due on my car?", "Update mileage to 45,000 miles").
public protocol GarageAssisting: Sendable {
    /// Understands `text` and answers it; a mileage update is recorded.
    /// - Throws: ``ServiceError`` when the request is not understood or names no vehicle among several.
    func ask(_ text: String) async throws -> VoiceAnswer
}
