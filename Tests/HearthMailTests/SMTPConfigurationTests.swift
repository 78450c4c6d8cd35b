import HearthCore
import Testing

@testable import HearthMail

@Suite("SMTP settings from a URL")
struct SMTPConfigurationTests {
    @Test("smtp and smtps URLs: ports, TLS, credentials, trust")
    func parsing() throws {
        let plain = try SMTPConfiguration(url: "smtp://mail.example.com", from: "hearth@example.com")
        #expect(plain.port == 587 && plain.security == .startTLSRequired && plain.username == nil)
        let login = try SMTPConfiguration(
            url: "smtp://user%40example.com:p%40ss%3Aword@mail.example.com:2525?starttls=opportunistic&ca=/etc/ca.pem",
            from: "h@example.com")
        #expect(login.port == 2525 && login.security == .startTLSOpportunistic)
        #expect(
            login.username == "user@example.com" && login.password == "p@ss:word"
                && login.certificateAuthorityFile == "/etc/ca.pem")
        let tls = try SMTPConfiguration(url: "smtps://u:p@mail.example.com", from: "h@example.com")
        #expect(tls.port == 465 && tls.security == .implicitTLS)
        #expect(
            try SMTPConfiguration(url: "smtp://mail.example.com:25?starttls=off", from: "h@example.com").security
                == SMTPConfiguration.Security.none)
    }

    @Test("the description never shows the password")
    func redacted() throws {
        let configuration = try SMTPConfiguration(
            url: "smtp://user:topsecret@mail.example.com:587", from: "h@example.com")
        #expect(configuration.description == "smtp://user@mail.example.com:587")
        #expect(!"\(configuration)".contains("topsecret"))
    }

    @Test(
        "bad URLs and addresses say what is wrong",
        arguments: [
            ("http://mail.example.com", "has the scheme \"http\""),
            ("smtp://", "names no host"),
            ("smtp://mail.example.com?starttls=maybe", "has starttls=maybe"),
            ("smtps://mail.example.com?starttls=off", "asks for starttls on smtps://"),
            ("smtp://mail.example.com?tls=1", "has the unknown setting \"tls\""),
            ("smtp://:pw@mail.example.com", "has a password but no user name"),
        ])
    func refusals(_ url: String, _ problem: String) {
        let error = #expect(throws: ServiceError.self) { try SMTPConfiguration(url: url, from: "h@example.com") }
        #expect(error?.code == .validationFailed)
        #expect(error?.message.contains(problem) == true, "\(error?.message ?? "")")
    }

    @Test("the from-address must be one mail can carry")
    func fromAddress() {
        for bad in ["nobody", "a@b", "ana <ana@example.com>", "ana@exämple.com", "a@example.com\r\nBcc: x@example.com"]
        {
            let error = #expect(throws: ServiceError.self) {
                try SMTPConfiguration(url: "smtp://mail.example.com", from: bad)
            }
            #expect(error?.message.contains("--mail-from") == true)
        }
    }
}
