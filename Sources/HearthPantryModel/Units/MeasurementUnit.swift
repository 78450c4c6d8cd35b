/// A unit a quantity counts in, as ``Units`` reads it from what people type.
public struct MeasurementUnit: Sendable, Hashable, CustomStringConvertible {
    /// What a unit measures; only units of the same dimension convert into each other.
    public enum Dimension: String, Sendable, Hashable, CaseIterable {
        /// Weight, in grams at heart.
        case mass
        /// Volume, in millilitres at heart.
        case volume
        /// A number of things, in pieces at heart.
        case count
        /// A unit Hearth does not know ("can", "clove"): it converts only into itself.
        case other
    }

    /// The canonical name: "g", "kg", "ml", "l", "tsp", "piece"…, or the singular, lower-case word for a unit
    /// Hearth does not know.
    public let symbol: String
    /// What the unit measures.
    public let dimension: Dimension
    /// How many grams, millilitres or pieces one of this unit is (1 for ``Dimension/other``).
    public let factor: Double

    public init(symbol: String, dimension: Dimension, factor: Double) {
        self.symbol = symbol
        self.dimension = dimension
        self.factor = factor
    }

    /// Whether quantities in this unit convert into `other`.
    public func isCompatible(with other: MeasurementUnit) -> Bool {
        dimension == .other ? other.dimension == .other && symbol == other.symbol : dimension == other.dimension
    }

    public var description: String { symbol }
}
