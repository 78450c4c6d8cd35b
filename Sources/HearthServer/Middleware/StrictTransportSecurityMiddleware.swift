import HTTPTypes
import Hummingbird

/// Tells browsers to reach this server over https only, for a year (`Strict-Transport-Security`), on every
/// answer, errors included: added when the server's public address (`--public-url`) is https, so a browser that
/// once reached it there never again sends a session cookie over plain http.
struct StrictTransportSecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("Strict-Transport-Security")! }
    static var value: String { "max-age=31536000" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = Self.value
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.header] = Self.value
            return response
        }
    }
}
