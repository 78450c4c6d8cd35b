import Foundation
import HTTPTypes
import HearthCloudModel
import Hummingbird
import Logging
import NIOCore

/// Answers every ``CloudError`` thrown by a cloud route as a ``CloudHTTPError``, and logs server faults.
struct CloudErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as CloudError {
            if error.serverErrorCode == .internalError {
                context.logger.error(
                    "Cloud request failed", metadata: ["error.id": "\(error.uuid)", "cloud.reason": "\(error.reason)"])
            }
            throw CloudHTTPError(error)
        }
    }
}
