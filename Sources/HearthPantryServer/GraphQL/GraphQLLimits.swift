public import GraphQL

/// How large a GraphQL document and its operations may be.
///
/// The limits are checked in three steps, each linear in the document, before anything runs:
///
/// 1. The document's length in bytes (``maxDocumentBytes``), before it is read at all.
/// 2. One pass over its bytes (``GraphQLDocumentScan``) that counts its tokens (``maxTokens``) and how deeply its
///    brackets nest (``nestingLimit``), so GraphQL's parser, which descends once per bracket, only ever reads a
///    bounded document.
/// 3. Once parsed, each operation is measured (``LimitMeasure``): how deeply its fields nest (``maxDepth``), how
///    many aliases (``maxAliases``) and directives (``maxDirectives``) it holds, and what it costs (``maxCost``).
///    Every fragment is measured once and counted again at each place it is spread, so a fragment spread four
///    times counts four times, however deep the spreads go, while measuring it costs one pass; fragments that
///    spread each other in a cycle are refused.
///
/// The cost counts every field once — introspection fields (`__schema`, `__type`, `__typename`) included —
/// multiplied by the size of each list it sits in: a list field's `first` or `limit` argument when the
/// operation gives one as a number, ``assumedListSize`` otherwise; the lists introspection answers (types,
/// fields, arguments…) count as long as the schema's longest. An operation over a limit is refused whole with
/// an error whose `extensions.code` names the limit (see ``GraphQLErrorCode``) and whose message gives the
/// operation's own figure and the way to stay under it.
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
