/// What was wrong with a form, field by field, for showing it again: each bad field is named with what to do,
/// and what was typed is kept.
struct FormErrors: Error, Sendable {
    private(set) var fields: [(name: String, message: String)] = []

    var isEmpty: Bool { fields.isEmpty }

    mutating func add(_ field: String, _ message: String) {
        fields.append((field, message))
    }

    /// For the templates: `errors` (a list to show above the form) and `error_<field>` beside each field.
    var templateValues: [String: Any] {
        var values: [String: Any] = [
            "errors": fields.map { ["field": $0.name, "message": $0.message] }, "hasErrors": !fields.isEmpty,
        ]
        for field in fields { values["error_" + field.name] = field.message }
        return values
    }
}
