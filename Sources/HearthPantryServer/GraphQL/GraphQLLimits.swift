/// How large a GraphQL document and its operations may be.
///
/// The limits are checked in three steps, each linear in the document, before anything runs:
///
/// 1. The document's length in bytes (``maxDocumentBytes``), before it is read at all.
/// 2. One pass over its bytes (``GraphQLDocumentScan``) that counts its tokens (``maxTokens``) and how deeply its
///    brackets nest (``nestingLimit``), so GraphQL's parser, which descends once per bracket, only ever reads a
///    bounded document.
/// 3. Once parsed, each operation is measured (``LimitMeasure``): how deeply its fields nest (``maxDepth``), how
///    deeply fragments spread fragments (``nestingLimit``), how many aliases (``maxAliases``) and directives
///    (``maxDirectives``) it holds, and what it costs (``maxCost``). Every fragment is measured once and counted
///    again at each place it is spread, so a fragment spread four times counts four times, however deep the
///    spreads go, while measuring it costs one pass; fragments that spread each other in a cycle are refused.
///    These run before GraphQL's own validation, which then only sees bounded operations.
///
/// The cost counts every field once, multiplied by the size of each list it sits in: a list field's `first` or
/// `limit` argument when the operation gives one as a number, ``assumedListSize`` otherwise. Introspection
/// (`__schema`, `__type`) counts like any field, at exactly what it answers, counted on the schema
/// (``IntrospectionCount``); `__typename` counts 1. An operation over a limit is refused whole with an error
/// whose `extensions.code` names the limit (see ``GraphQLErrorCode``), whose `extensions.limit` names which,
/// and whose message gives the operation's own figure and the way to stay under it.
///
/// ```swift
/// var limits = GraphQLLimits()        // 32 KiB, 1,000 tokens, depth 15, 15 aliases, 50 directives, cost 20,000
/// limits.maxCost = 50_000
/// let graphQL = try PantryGraphQL(on: recordStore, limits: limits, logger: logger)
/// ```
public struct GraphQLLimits: Sendable, Equatable {
    /// The longest document, in bytes of UTF-8.
    public var maxDocumentBytes: Int
    /// The most tokens (names, punctuators, numbers, strings) a document may have.
    public var maxTokens: Int
    /// The deepest nesting of selections allowed (`{ a { b } }` has depth 2), counted through fragments.
    public var maxDepth: Int
    /// The most aliases an operation may use, counted at every spread of the fragments that hold them.
    public var maxAliases: Int
    /// The most directives an operation may use, counted as aliases are.
    public var maxDirectives: Int
    /// The highest cost allowed.
    public var maxCost: Int
    /// How many elements a list is taken to hold when the operation does not say.
    public var assumedListSize: Int

    /// How many levels brackets may nest beyond ``maxDepth``: argument lists, input objects and lists add levels.
    public static let inputNesting = 20

    /// How deeply brackets (`{`, `[`, `(`) may nest in a document: ``maxDepth`` plus ``inputNesting``.
    public var nestingLimit: Int { maxDepth + Self.inputNesting }

    /// The defaults leave every operation the clients send within half of each limit, and GraphQL tools' full
    /// introspection query within them: 32 KiB (the clients' longest operation is about 500 bytes, the tools'
    /// introspection 1.6 KB; the rest is room for values written inline, and no more is scanned, parsed or kept
    /// per document), 1,000 tokens (GraphQL Armor's default; the clients' largest has under 100 with
    /// `__typename`, introspection 180), depth 15 (introspection nests 13 deep, the clients 4), 15 aliases and 50
    /// directives (GraphQL Armor's; the clients use none), cost 20,000 (the clients' costliest is 4,741, the full
    /// introspection 4,606).
    public init(
        maxDocumentBytes: Int = 32_768, maxTokens: Int = 1_000, maxDepth: Int = 15, maxAliases: Int = 15,
        maxDirectives: Int = 50, maxCost: Int = 20_000, assumedListSize: Int = 20
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
        self.maxAliases = maxAliases
        self.maxDirectives = maxDirectives
        self.maxCost = maxCost
        self.assumedListSize = assumedListSize
    }
}
