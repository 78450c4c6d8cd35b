import Foundation
import Hummingbird

/// The pages over what the apps' devices sync: health records (sealed, so only explained here).
extension WebSite {
    func registerRecords<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/health-records") { request, context in
            await page(request, context) { visit, _ in
                try render("health", ["title": "Health records", "section": ["health": true]], visit: visit)
            }
        }
    }
}
