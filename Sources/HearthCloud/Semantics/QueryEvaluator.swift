import Foundation
import HearthCloudModel

/// Filters and orders records for `records/query`, and pages through them with continuation markers.
struct QueryEvaluator: Sendable {
    let query: CloudQuery

    /// Refuses filters and sorts that cannot work, with a reason naming them.
    func validate() throws {
        for filter in query.filterBy ?? [] {
            if let problem = CloudNames.fieldProblem(filter.fieldName) {
                throw CloudError.badRequest("Query filter: \(problem)")
            }
            switch filter.comparator {
            case .in:
                guard case .list = filter.fieldValue else {
                    throw CloudError.badRequest(
                        "Query filter on \"\(filter.fieldName)\": IN needs a list value, such as {\"type\": \"STRING_LIST\", \"value\": [\"a\", \"b\"]}."
                    )
                }
            case .beginsWith:
                guard case .string = filter.fieldValue else {
                    throw CloudError.badRequest(
                        "Query filter on \"\(filter.fieldName)\": BEGINS_WITH needs a STRING value.")
                }
            case .lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals:
                guard Self.isOrdered(filter.fieldValue) else {
                    throw CloudError.badRequest(
                        "Query filter on \"\(filter.fieldName)\": \(filter.comparator.rawValue) compares only STRING, INT64, DOUBLE, TIMESTAMP or BOOLEAN values."
                    )
                }
            default: break
            }
        }
        for sort in query.sortBy ?? [] {
            if let problem = CloudNames.fieldProblem(sort.fieldName) {
                throw CloudError.badRequest("Query sort: \(problem)")
            }
        }
    }

    func matches(_ fields: [String: CloudFieldValue]) -> Bool {
        for filter in query.filterBy ?? [] {
            let value = fields[filter.fieldName]
            switch filter.comparator {
            case .equals: if value != filter.fieldValue && !Self.numericEqual(value, filter.fieldValue) { return false }
            case .notEquals:
                if value == filter.fieldValue || Self.numericEqual(value, filter.fieldValue) { return false }
            case .lessThan: guard let order = Self.compare(value, filter.fieldValue), order < 0 else { return false }
            case .lessThanOrEquals:
                guard let order = Self.compare(value, filter.fieldValue), order <= 0 else { return false }
            case .greaterThan: guard let order = Self.compare(value, filter.fieldValue), order > 0 else { return false }
            case .greaterThanOrEquals:
                guard let order = Self.compare(value, filter.fieldValue), order >= 0 else { return false }
            case .beginsWith:
                guard case .string(let text)? = value, case .string(let prefix) = filter.fieldValue,
                    text.hasPrefix(prefix)
                else { return false }
            case .in:
                guard let value, case .list(let list) = filter.fieldValue,
                    list.elements.contains(where: { $0 == value || Self.numericEqual(value, $0) })
                else { return false }
            case .listContains:
                guard case .list(let list)? = value, list.elements.contains(filter.fieldValue) else { return false }
            }
        }
        return true
    }

    /// A condition over the `fields` column that every record the filters match meets, for the database to
    /// leave out most of those that cannot match before they are read; nil when no filter gives one. Records
    /// meeting it may still not match: ``matches(_:)`` decides. Only numeric filters (INT64, DOUBLE and
    /// TIMESTAMP values with `EQUALS` or an order) go into SQL, compared as doubles and never more strictly
    /// than asked (`<` as `<=`), so that rounding a large integer cannot leave out a record that matches;
    /// strings stay out, as Swift compares them by canonical equivalence and SQL by their bytes. Stored fields
    /// that are not JSON make both databases fail the statement (SQLite's `json_extract`, PostgreSQL's cast),
    /// and the caller then reads without the condition; checking each value with `json_valid` first would
    /// parse every record twice.
    func sqlCondition(_ dialect: SQLDialect) -> (sql: String, binds: [SQLValue])? {
        var terms: [String] = []
        var binds: [SQLValue] = []
        for filter in query.filterBy ?? [] {
            let bound: Double
            switch filter.fieldValue {
            case .int64(let value), .date(let value): bound = Double(value)
            case .double(let value): bound = value
            default: continue
            }
            let operation: String
            switch filter.comparator {
            case .equals: operation = "="
            case .lessThan, .lessThanOrEquals: operation = "<="
            case .greaterThan, .greaterThanOrEquals: operation = ">="
            default: continue
            }
            switch dialect {
            case .sqlite:
                terms.append("CAST(json_extract(fields, ?) AS REAL) \(operation) ?")
                binds += [.text("$.\(filter.fieldName).value"), .double(bound)]
            case .postgres:
                let value = "(CAST(fields AS jsonb) -> CAST(? AS text) -> 'value')"
                terms.append(
                    "CASE WHEN jsonb_typeof(\(value)) = 'number' THEN CAST(\(value) AS double precision) END \(operation) ?"
                )
                binds += [.text(filter.fieldName), .text(filter.fieldName), .double(bound)]
            }
        }
        return terms.isEmpty ? nil : (terms.joined(separator: " AND "), binds)
    }

    /// Whether record `a` comes before `b` under the query's sort, then by name.
    func precedes(
        _ a: (name: String, fields: [String: CloudFieldValue]), _ b: (name: String, fields: [String: CloudFieldValue])
    ) -> Bool {
        for sort in query.sortBy ?? [] {
            let left = a.fields[sort.fieldName]
            let right = b.fields[sort.fieldName]
            switch (left, right) {
            case (nil, nil): continue
            case (nil, _): return false
            case (_, nil): return true
            default:
                let order = Self.compare(left, right) ?? Self.fallbackOrder(left!, right!)
                if order != 0 { return sort.ascending ? order < 0 : order > 0 }
            }
        }
        return a.name < b.name
    }

    // MARK: Continuation markers

    /// A marker that resumes after `record`: its sort values and name.
    func marker(after record: (name: String, fields: [String: CloudFieldValue])) -> String {
        let values = (query.sortBy ?? []).map { record.fields[$0.fieldName] }
        let payload = Marker(name: record.name, values: values)
        let data = (try? CloudJSON.encoder.encode(payload)) ?? Data()
        return SyncTokenCodec.encode(String(decoding: data, as: UTF8.self))
    }

    /// The position a marker stands for.
    func position(of marker: String) throws -> (name: String, fields: [String: CloudFieldValue]) {
        let bad = CloudError.badRequest(
            "The continuationMarker is not one this server gave out for this query; pass back the marker from the previous page."
        )
        guard let text = try? SyncTokenCodec.decodeText(marker),
            let payload = try? CloudJSON.decoder.decode(Marker.self, from: Data(text.utf8))
        else { throw bad }
        let sorts = query.sortBy ?? []
        guard payload.values.count == sorts.count else { throw bad }
        var fields: [String: CloudFieldValue] = [:]
        for (sort, value) in zip(sorts, payload.values) where value != nil { fields[sort.fieldName] = value }
        return (payload.name, fields)
    }

    private struct Marker: Codable {
        var name: String
        var values: [CloudFieldValue?]
    }

    // MARK: Comparison

    static func isOrdered(_ value: CloudFieldValue) -> Bool {
        switch value {
        case .string, .int64, .double, .date, .boolean: true
        default: false
        }
    }

    static func numericEqual(_ a: CloudFieldValue?, _ b: CloudFieldValue) -> Bool {
        compare(a, b) == 0
    }

    /// -1, 0 or 1 for comparable values of compatible types; nil otherwise.
    static func compare(_ a: CloudFieldValue?, _ b: CloudFieldValue?) -> Int? {
        guard let a, let b else { return nil }
        func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x > y ? 1 : 0) }
        switch (a, b) {
        case (.string(let x), .string(let y)): return order(x, y)
        case (.int64(let x), .int64(let y)): return order(x, y)
        case (.double(let x), .double(let y)): return order(x, y)
        case (.int64(let x), .double(let y)): return order(Double(x), y)
        case (.double(let x), .int64(let y)): return order(x, Double(y))
        case (.date(let x), .date(let y)): return order(x, y)
        case (.boolean(let x), .boolean(let y)): return order(x ? 1 : 0, y ? 1 : 0)
        default: return nil
        }
    }

    /// An arbitrary but stable order between values that do not compare (different types).
    static func fallbackOrder(_ a: CloudFieldValue, _ b: CloudFieldValue) -> Int {
        a.typeName < b.typeName ? -1 : (a.typeName > b.typeName ? 1 : 0)
    }
}
