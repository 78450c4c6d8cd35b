import Foundation
import Hummingbird

/// `/static/hearth.css` and `/static/hearth.js`, kept by browsers for an hour.
extension WebSite {
    func registerAssets<Context: WebRequestContext>(on router: Router<Context>) {
        let assets = self.assets
        router.get("/static/hearth.css") { _, _ in
            Self.asset(assets.stylesheet, type: "text/css; charset=utf-8")
        }
        router.get("/static/hearth.js") { _, _ in
            Self.asset(assets.script, type: "text/javascript; charset=utf-8")
        }
    }

    static func asset(_ data: Data, type: String) -> Response {
        var response = Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        SecurityHeaders.add(to: &response.headers)
        return response
    }
}
