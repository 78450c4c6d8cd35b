import Foundation

/// One step of undo or redo: what it was called and how many rows it touched.
public struct HistoryStep: Sendable, Equatable, Codable {
    public let label: String
    public let rowCount: Int

    public init(label: String, rowCount: Int) {
        self.label = label
        self.rowCount = rowCount
    }
}
