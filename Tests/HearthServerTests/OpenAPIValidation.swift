import Foundation
import OpenAPIKit

/// Decodes the server's document with OpenAPIKit (which refuses malformed OpenAPI) and lists its operations.
enum OpenAPIValidation {
    static func decode(_ data: Data) throws -> OpenAPI.Document {
        let document = try JSONDecoder().decode(OpenAPI.Document.self, from: data)
        try document.validate()
        return document
    }

    /// `method path` for every operation in the document.
    static func operations(_ document: OpenAPI.Document) -> Set<String> {
        var result = Set<String>()
        for (path, item) in document.paths {
            guard let pathItem = item.pathItemValue else { continue }
            for endpoint in pathItem.endpoints {
                result.insert("\(endpoint.method.rawValue.lowercased()) \(path.rawValue)")
            }
        }
        return result
    }
}
