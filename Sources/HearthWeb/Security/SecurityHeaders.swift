import HTTPTypes

/// The headers every page and asset is sent with: a strict Content-Security-Policy (scripts, styles and images
/// from this server only, no inline script or style, no framing, forms post only here), no MIME sniffing, and
/// no referrer leaving the site.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    private static let frameOptions = HTTPField.Name("X-Frame-Options")!

    static func add(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[referrerPolicy] = "same-origin"
        headers[frameOptions] = "DENY"
    }
}
