/// Thrown by a page to send the browser elsewhere (303 See Other): to sign in, or after a form is saved.
struct WebRedirect: Error, Sendable {
    let location: String
}
