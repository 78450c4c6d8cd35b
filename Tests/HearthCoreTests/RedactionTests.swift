import Foundation
import HearthCore
import Testing

@Suite struct RedactionTests {
    @Test func urlsLoseCredentialsQueryAndFragment() {
        #expect(
            Redaction.url("https://bot:pw@hooks.example.com:8443/in/abc?token=s3cret#frag")
                == "https://hooks.example.com:8443/in/abc")
        #expect(
            Redaction.url("postgres://hearth:hunter2@db.internal:5432/hearth?sslmode=require")
                == "postgres://db.internal:5432/hearth")
        #expect(Redaction.url(URL(string: "http://127.0.0.1:8080/cloud/v1?x=1")!) == "http://127.0.0.1:8080/cloud/v1")
        #expect(Redaction.url("not a url") == "a URL that cannot be read")
        #expect(
            Redaction.url("postgres://hearth:hunter2@db.internal:5432/hearth?sslmode=require", showingUser: true)
                == "postgres://hearth:***@db.internal:5432/hearth")
        #expect(
            Redaction.url("postgres://hearth@db.internal/hearth", showingUser: true)
                == "postgres://hearth@db.internal/hearth")
        #expect(
            Redaction.url("postgres://db.internal/hearth?password=hunter2", showingUser: true)
                == "postgres://db.internal/hearth")
    }

    @Test func everyURLInAMessageIsRedacted() {
        let message =
            "POST https://hooks.example.com/in?token=s3cret failed: HTTP 500; retried \"http://u:p@h/x?y\" twice"
        let scrubbed = Redaction.scrub(message)
        #expect(scrubbed == "POST https://hooks.example.com failed: HTTP 500; retried \"http://h\" twice")
        #expect(!scrubbed.contains("s3cret"))
        #expect(Redaction.scrub("no links here") == "no links here")
    }

    @Test func webhookAddressesKeepOnlySchemeHostAndPort() {
        // Slack, Discord and Home Assistant put the secret in the path.
        for (url, origin) in [
            ("https://hooks.slack.com/services/T000/B000/XXXXSECRET", "https://hooks.slack.com"),
            ("https://discord.com/api/webhooks/123/SECRET-token", "https://discord.com"),
            ("http://homeassistant.local:8123/api/webhook/SECRET-id", "http://homeassistant.local:8123"),
            ("https://user:pw@hooks.example.com/in?token=SECRET#x", "https://hooks.example.com"),
        ] {
            #expect(Redaction.origin(URL(string: url)!) == origin)
            #expect(Redaction.origin(url) == origin)
            #expect(!Redaction.scrub("POST \(url) failed: HTTP 500").contains("SECRET"))
        }
    }
}
