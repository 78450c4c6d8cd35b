import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import HearthPantryServer
import OrderedCollections

/// Runs the pantry's typed operations in the server's process, through the same GraphQL service, resolvers,
/// permission checks and rules the API uses (and, for queries, the same kept answers). Nothing reaches the
/// pantry's tables another way.
struct PantryCalls: Sendable {
    let graphQL: any PantryGraphQLServing

    /// The operation's answer for `viewer`; the service's refusals as `ServiceError` with their messages.
    func perform<Operation: PantryOperation>(_ operation: Operation, as viewer: PantryViewer) async throws
        -> Operation.Answer
    {
        let request = GraphQLRequest(query: Operation.document, variables: operation.variables.mapValues(Self.map))
        let answer = await graphQL.respond(request, viewer: viewer)
        return try PantryJSON.answer(Operation.Answer.self, from: answer.body, field: Operation.field)
    }

    /// Follows a subscription's events for `viewer`.
    func follow<Operation: PantryOperation>(_ operation: Operation, as viewer: PantryViewer) async throws
        -> AsyncThrowingStream<GraphQLResult, any Error>
    {
        let request = GraphQLRequest(query: Operation.document, variables: operation.variables.mapValues(Self.map))
        switch await graphQL.subscribe(request, viewer: viewer) {
        case .success(let stream): return stream
        case .failure(let errors):
            throw ServiceError.operationFailed(errors.errors.first?.message ?? "The live updates could not start.")
        }
    }

    static func map(_ value: AnyJSON) -> Map {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .number(Number(Int(int)))
        case .double(let double): .number(Number(double))
        case .string(let string): .string(string)
        case .array(let values): .array(values.map(map))
        case .object(let members): .dictionary(.init(uniqueKeysWithValues: members.map { ($0.key, map($0.value)) }))
        }
    }
}
