import Foundation
import HearthCore
import Mustache

/// The pages' Mustache templates, read from the package's resources and compiled once when the server starts.
///
/// Every value a template prints with `{{name}}` is HTML-escaped (``HTMLEscaping``, named in each template's first
/// tag). The one value printed unescaped (`{{{…}}}`) is a
/// chart's SVG, which `HTMLRenderer` makes and escapes its own text in. A page template names its layout with
/// `{{<layout}}`; an empty string counts as nothing to show (see `WebSite.pruned`).
struct WebTemplates: Sendable {
    private let library: MustacheLibrary

    /// Compiles every `.mustache` file in the target's `Templates` folder.
    static func load() async throws -> WebTemplates {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw ServiceError.operationFailed(
                "The web pages' templates are missing from the installation; reinstall Hearth.")
        }
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        return WebTemplates(library: try await MustacheLibrary(directory: folder.path))
    }

    /// The page `name` rendered with `values`; a missing template is a programming error reported as a failure.
    func render(_ name: String, _ values: Any) throws -> String {
        guard let html = library.render(values, withTemplate: name) else {
            throw ServiceError.operationFailed("The page template \(name) is missing.")
        }
        return html
    }
}
