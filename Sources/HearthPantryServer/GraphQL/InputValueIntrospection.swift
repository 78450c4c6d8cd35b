public import GraphQL

// GraphQL's `__InputValue` reads `isDeprecated` from arguments and input fields by reflection, where it is
// not a stored property, and so answers null for a field the schema declares non-null: introspection that
// asks for deprecated input values (gql's does) then fails. Answering the fields by name fixes that.

extension GraphQLArgumentDefinition: @retroactive KeySubscriptable {
    public subscript(key: String) -> (any Sendable)? {
        switch key {
        case "name": name
        case "description": description
        case "type": type
        case "defaultValue": defaultValue
        case "isDeprecated": deprecationReason != nil
        case "deprecationReason": deprecationReason
        default: nil
        }
    }
}

extension InputObjectFieldDefinition: @retroactive KeySubscriptable {
    public subscript(key: String) -> (any Sendable)? {
        switch key {
        case "name": name
        case "description": description
        case "type": type
        case "defaultValue": defaultValue
        case "isDeprecated": deprecationReason != nil
        case "deprecationReason": deprecationReason
        default: nil
        }
    }
}
