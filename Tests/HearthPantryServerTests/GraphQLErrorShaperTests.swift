import GraphQL
import HearthCore
import HearthPantryServer
import Logging
import Testing

@Suite("GraphQLErrorShaper: codes for every error, and no internal text")
struct GraphQLErrorShaperTests {
    let shaper = GraphQLErrorShaper(logger: Logger(label: "hearth.pantry.test"))

    static func code(_ error: GraphQLError) -> String? {
        if case .string(let code)? = error.extensions["code"] { return code }
        return nil
    }

    @Test("service errors keep their message and map their code")
    func serviceErrors() {
        let cases: [(ServiceError, String)] = [
            (.notAuthenticated(), "UNAUTHENTICATED"), (.unauthorized(), "FORBIDDEN"),
            (.notFound("Household h1"), "NOT_FOUND"),
            (.validationFailed("Household name cannot be empty"), "BAD_USER_INPUT"),
        ]
        for (error, expected) in cases {
            let shaped = shaper.shape(GraphQLError(message: "x", originalError: error), phase: .execution)
            #expect(Self.code(shaped) == expected)
            #expect(shaped.message == error.message)
        }
    }

    @Test("anything unexpected is INTERNAL with an error id and none of the cause's text")
    func internalErrors() {
        struct DatabaseExploded: Error, CustomStringConvertible {
            var description: String { "password=secret at db.internal:5432" }
        }
        let unexpected = [
            shaper.shape(
                GraphQLError(message: "password=secret", originalError: DatabaseExploded()), phase: .execution),
            shaper.shape(
                GraphQLError(message: "x", originalError: ServiceError.operationFailed("disk on fire at /var/lib")),
                phase: .execution),
            shaper.shape(
                GraphQLError(message: "Cannot return null for non-nullable field Household.name."), phase: .execution),
        ]
        for shaped in unexpected {
            #expect(Self.code(shaped) == "INTERNAL")
            #expect(
                !shaped.message.contains("secret") && !shaped.message.contains("disk")
                    && !shaped.message.contains("Household.name"))
            #expect(shaped.extensions["errorId"] != nil)
        }
    }

    @Test("GraphQL's complaints about the request are BAD_USER_INPUT, in both phases")
    func requestErrors() {
        #expect(
            Self.code(
                shaper.shape(
                    GraphQLError(message: "Cannot query field \"nope\" on type \"Query\"."), phase: .validation))
                == "BAD_USER_INPUT")
        let variable = shaper.shape(
            GraphQLError(message: "Variable \"$id\" got invalid value \"1\"."), phase: .execution)
        #expect(Self.code(variable) == "BAD_USER_INPUT")
        #expect(variable.message.contains("$id"))
        // An Int literal past 32 bits passes validation and fails only when the argument is read.
        let argument = shaper.shape(
            GraphQLError(
                message:
                    "Argument \"withinDays\" got invalid value 3414124804362.\nExpected type \"Int\", found 3414124804362."
            ), phase: .execution)
        #expect(Self.code(argument) == "BAD_USER_INPUT")
        #expect(argument.message.contains("withinDays"))
    }

    @Test("suggestions of the schema's names are taken out of messages for strangers")
    func withoutSuggestions() {
        let error = GraphQLError(
            message: "Cannot query field \"houseold\" on type \"Query\". Did you mean \"household\" or \"households\"?",
            extensions: ["code": "BAD_USER_INPUT"])
        let stripped = GraphQLErrorShaper.withoutSuggestions(error)
        #expect(stripped.message == "Cannot query field \"houseold\" on type \"Query\".")
        #expect(Self.code(stripped) == "BAD_USER_INPUT")
        let plain = GraphQLError(message: "Household h1 was not found.")
        #expect(GraphQLErrorShaper.withoutSuggestions(plain).message == plain.message)
    }
}
