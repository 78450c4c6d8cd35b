/// How hard a recipe is to make.
public enum Difficulty: String, Codable, Sendable, Hashable, CaseIterable {
    case easy
    case medium
    case hard
}
