public import Foundation
public import HearthCore

/// Grouping a shopping list by the sections of a store, in the order a shopper walks it.
///
/// Unchecked lines come in one group per section, in the store's order; sections the store does not list
/// follow in ``StoreSection``'s own order, and lines of no known section come after them. Checked lines are
/// gathered in one last group, so what is still to buy stays together at the top.
public enum ShoppingSections {
    /// Longest store or list name, in characters.
    public static let maximumNameLength = 80

    /// The section `line` is found in: its own, else that of the household's stock item of the same food; nil
    /// when neither says.
    public static func section(of line: ShoppingListItem, stock: [PantryItem]) -> StoreSection? {
        if let section = line.section { return section }
        return stock.first { $0.householdId == line.householdId && FoodName.matches($0.name, line.name) }
            .flatMap { StoreSection(category: $0.category) }
    }

    /// `lines` grouped by section in `order` (see the type's description); empty groups are left out.
    public static func group(_ lines: [ShoppingListItem], stock: [PantryItem], order: [StoreSection])
        -> [ShoppingSectionGroup]
    {
        var walk: [StoreSection] = []
        for section in order + StoreSection.allCases where !walk.contains(section) { walk.append(section) }
        let open = lines.filter { !$0.checked }
        let sectioned = Dictionary(grouping: open) { section(of: $0, stock: stock) }
        var groups = walk.compactMap { section in
            sectioned[section].map { ShoppingSectionGroup(section: section, lines: $0) }
        }
        if let unsectioned = sectioned[nil] { groups.append(ShoppingSectionGroup(section: nil, lines: unsectioned)) }
        let checked = lines.filter(\.checked)
        if !checked.isEmpty { groups.append(ShoppingSectionGroup(section: nil, checked: true, lines: checked)) }
        return groups
    }

    /// `order` checked: each section at most once.
    /// - Throws: ``ServiceError`` (validation failed) naming every section given more than once.
    public static func validated(_ order: [StoreSection]) throws -> [StoreSection] {
        var seen = Set<StoreSection>()
        var repeated: [StoreSection] = []
        for section in order where !seen.insert(section).inserted && !repeated.contains(section) {
            repeated.append(section)
        }
        guard repeated.isEmpty else {
            throw ServiceError.validationFailed(
                "sectionOrder names \(repeated.map(\.rawValue).joined(separator: ", ")) more than once; give each section at most once."
            )
        }
        return order
    }

    /// A list or store name as stored: trimmed, not empty, at most ``maximumNameLength`` characters, without
    /// control characters. `what` names the thing in messages ("Shopping list name").
    /// - Throws: ``ServiceError`` (validation failed) saying what is wrong.
    public static func validatedName(_ name: String, _ what: String) throws -> String {
        let name = try Validation.requireNonBlank(name, "\(what) cannot be empty")
        guard name.count <= maximumNameLength else {
            throw ServiceError.validationFailed(
                "\(what) is \(name.count) characters long; use at most \(maximumNameLength).")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ServiceError.validationFailed("\(what) cannot contain control characters such as line breaks.")
        }
        return name
    }

    /// The key two names are the same by: case and width folded.
    public static func nameKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}
