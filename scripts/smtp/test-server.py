"""A real SMTP server for Hearth's tests: aiosmtpd on 127.0.0.1, a free port, printed as "PORT n" once it listens.

Each message it accepts is written to DIR as NNN.eml (the bytes after DATA, dot-stuffing undone) with NNN.json
beside it (envelope sender and recipients, whether the session used TLS and signed in).

  test-server.py DIR [--starttls CERT KEY] [--tls CERT KEY] [--auth USER PASSWORD] [--login-only] [--reject-rcpt] [--silent]

--starttls offers and requires STARTTLS; --tls speaks TLS from the first byte (smtps); --auth requires AUTH
(PLAIN or LOGIN; only LOGIN with --login-only); --reject-rcpt answers every recipient 550; --silent accepts connections and never answers.

  test-server.py parse FILE

reads one .eml with Python's email package (policy strict) and prints it as JSON: headers, the decoded text,
and any defects found.
"""
import asyncio, json, os, ssl, sys


def parse(path):
    import email
    from email import policy
    with open(path, "rb") as handle:
        raw = handle.read()
    message = email.message_from_bytes(raw, policy=policy.strict)
    body = message.get_body(preferencelist=("plain",))
    html = message.get_body(preferencelist=("html",))
    print(json.dumps({
        "from": str(message["From"]), "to": str(message["To"]), "subject": str(message["Subject"]),
        "date": str(message["Date"]), "messageID": str(message["Message-ID"]),
        "contentType": message.get_content_type(), "charset": message.get_content_charset(),
        "transferEncoding": str(message["Content-Transfer-Encoding"]),
        "text": body.get_content() if body is not None else None,
        "html": html.get_content() if html is not None else None,
        "defects": [type(defect).__name__ for part in message.walk() for defect in part.defects],
        "crlfOnly": b"\n" not in raw.replace(b"\r\n", b""),
        "longestLine": max(len(line) for line in raw.split(b"\r\n")),
    }))


async def serve(arguments):
    from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

    directory = arguments[0]
    options = arguments[1:]

    def value(flag, count):
        if flag not in options:
            return None
        index = options.index(flag)
        return options[index + 1:index + 1 + count]

    def context(pair):
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(pair[0], pair[1])
        return tls

    starttls, implicit, auth = value("--starttls", 2), value("--tls", 2), value("--auth", 2)
    reject, silent = "--reject-rcpt" in options, "--silent" in options
    loop = asyncio.get_running_loop()

    if silent:
        async def never(reader, writer):
            await asyncio.sleep(3600)
        server = await asyncio.start_server(never, "127.0.0.1", 0)
    else:
        class Handler:
            count = 0

            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                if reject:
                    return "550 5.1.1 No such mailbox here"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                Handler.count += 1
                stem = os.path.join(directory, "%03d" % Handler.count)
                with open(stem + ".eml", "wb") as handle:
                    handle.write(envelope.original_content)
                with open(stem + ".json", "w") as handle:
                    json.dump({"mailFrom": envelope.mail_from, "rcptTos": envelope.rcpt_tos,
                               "tls": session.ssl is not None or bool(implicit), "authenticated": bool(session.authenticated)}, handle)
                return "250 2.0.0 Accepted"

        def authenticator(server, session, envelope, mechanism, data):
            ok = isinstance(data, LoginPassword) and data.login.decode() == auth[0] and data.password.decode() == auth[1]
            return AuthResult(success=ok, handled=False)

        def factory():
            kwargs = {"hostname": "hearth-test-smtp"}
            if starttls:
                kwargs.update(tls_context=context(starttls), require_starttls=True)
            if auth:
                # With TLS from the first byte aiosmtpd does not know the session is encrypted: it is, so AUTH
                # needs nothing more there.
                kwargs.update(authenticator=authenticator, auth_required=True, auth_require_tls=not implicit)
                if "--login-only" in options:
                    kwargs.update(auth_exclude_mechanism=["PLAIN"])
            return SMTP(Handler(), **kwargs)

        server = await loop.create_server(factory, "127.0.0.1", 0, ssl=context(implicit) if implicit else None)
    print("PORT %d" % server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    if sys.argv[1] == "parse":
        parse(sys.argv[2])
    else:
        asyncio.run(serve(sys.argv[1:]))
