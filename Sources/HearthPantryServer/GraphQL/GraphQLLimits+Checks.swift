import GraphQL

extension GraphQLLimits {
    /// The document `text`'s tokens and nesting when it may be parsed; otherwise why not: longer than
    /// ``maxDocumentBytes``, more than ``maxTokens`` tokens, or brackets nested deeper than ``nestingLimit``.
    /// Reads each byte at most once.
    func scan(_ text: String) -> Result<GraphQLDocumentScan, GraphQLError> {
        if let tooLong = refusal(ofLength: text) { return .failure(tooLong) }
        switch GraphQLDocumentScan.scan(text, maxTokens: maxTokens, maxNesting: nestingLimit) {
        case .success(let scan):
            return .success(scan)
        case .failure(.tooManyTokens):
            return .failure(
                Self.error(
                    .tooManyTokens, "tokens",
                    "The query has more than \(maxTokens) tokens (names, punctuation, numbers and strings), the server's limit. Select fewer fields, pass long lists as variables, or split it into several operations."
                ))
        case .failure(.tooDeep(let line, let column)):
            return .failure(
                Self.error(
                    .tooDeep, "nesting",
                    "The query's brackets nest more than \(nestingLimit) deep at line \(line), column \(column); the server's limit is \(nestingLimit) (its depth limit, \(maxDepth), and \(Self.inputNesting) more for arguments and input values). Nest fields less deeply, and pass deep input values as variables."
                ))
        }
    }

    /// The `QUERY_TOO_LARGE` error when `text` is longer than ``maxDocumentBytes``; nil otherwise. Reads no byte
    /// of it: a native string knows its length.
    func refusal(ofLength text: String) -> GraphQLError? {
        let bytes = text.utf8.count
        guard bytes > maxDocumentBytes else { return nil }
        return Self.error(
            .queryTooLarge, "bytes",
            "The query is \(bytes) bytes long; the server's limit is \(maxDocumentBytes) bytes. Pass long values as variables, select fewer fields, or split it into several operations."
        )
    }

    /// Errors for every operation of `document` over a limit (or for a cycle of fragments), and whether the
    /// document uses introspection; `shapes` and `model` describe the schema the document runs against.
    func measure(_ document: Document, shapes: FieldShapes, model: IntrospectionModel) -> LimitMeasure.Outcome {
        LimitMeasure(limits: self, shapes: shapes, model: model).measure(document)
    }

    static func error(_ code: GraphQLErrorCode, _ limit: String, _ message: String) -> GraphQLError {
        GraphQLError(message: message, extensions: ["code": .string(code.rawValue), "limit": .string(limit)])
    }
}
