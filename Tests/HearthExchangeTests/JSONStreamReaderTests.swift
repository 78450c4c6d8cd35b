import Foundation
import HearthExchange
import HearthTestSupport
import Testing

@Suite struct JSONStreamReaderTests {
    /// The events of `text`, written compactly: `member name=value`, `[name`, `name[i]=value`, `]name count`.
    func events(_ text: String, topLevel: JSONStreamReader.TopLevel = .object, chunkSize: Int? = nil) throws -> [String]
    {
        let input: ChunkedInput
        if let chunkSize {
            let folder = try TemporaryFolder()
            let url = folder.file("doc.json")
            try Data(text.utf8).write(to: url)
            input = try ChunkedInput(url: url, chunkSize: chunkSize)
        } else {
            input = ChunkedInput(bytes: Array(text.utf8))
        }
        var seen: [String] = []
        try JSONStreamReader(input: input, topLevel: topLevel).read { event in
            switch event {
            case .member(let name, let bytes): seen.append("\(name)=\(String(decoding: bytes, as: UTF8.self))")
            case .arrayStart(let name): seen.append("[\(name)")
            case .element(let name, let index, let bytes):
                seen.append("\(name)[\(index)]=\(String(decoding: bytes, as: UTF8.self))")
            case .arrayEnd(let name, let count): seen.append("]\(name) \(count)")
            }
        }
        return seen
    }

    func syntaxError(_ text: String, topLevel: JSONStreamReader.TopLevel = .object) -> JSONStreamReader.SyntaxError? {
        do {
            _ = try events(text, topLevel: topLevel)
            Issue.record("expected a syntax error for \(text)")
        } catch let error as JSONStreamReader.SyntaxError {
            return error
        } catch {
            Issue.record("expected a syntax error, got \(error)")
        }
        return nil
    }

    @Test func membersAndArrayElementsInDocumentOrder() throws {
        let text = """
            {"format": "x", "n": -1.5e3, "nested": {"a": [1, {"b": "}]"}]},
             "rows": [ {"id": 1, "s": "a \\"quoted\\" , ] }"}, [2, 3], "t", null ],
             "empty": [], "\\u0061scaped": true}
            """
        let expected = [
            "format=\"x\"", "n=-1.5e3", "nested={\"a\": [1, {\"b\": \"}]\"}]}",
            "[rows", #"rows[0]={"id": 1, "s": "a \"quoted\" , ] }"}"#, "rows[1]=[2, 3]", "rows[2]=\"t\"",
            "rows[3]=null", "]rows 4",
            "[empty", "]empty 0", "ascaped=true",
        ]
        #expect(try events(text) == expected)
        // The same across 7-byte chunks, with a byte-order mark.
        #expect(try events("\u{FEFF}" + text, chunkSize: 7) == expected)
    }

    @Test func aTopLevelArrayWhenAllowed() throws {
        #expect(try events(#"[{"a":1}, 2]"#, topLevel: .objectOrArray) == ["[", #"[0]={"a":1}"#, "[1]=2", "] 2"])
        #expect(syntaxError(#"["a"]"#)?.message == "the file must hold one JSON object, starting with {")
        #expect(
            syntaxError(#"[1] 2"#, topLevel: .objectOrArray)?.message == "unexpected text after the array's closing ]")
    }

    @Test func structuralMistakesNameTheLine() {
        let cases: [(String, String)] = [
            (#"{"a":1 "b":2}"#, #"line 1: expected , or } after the value of "a""#),
            ("{\"a\":[\n1\n2]}", #"line 3: expected , or ] after element 0 of "a""#),
            ("{\"a\":1} {}", "line 1: unexpected text after the object's closing }"),
            ("{\"a\":[1,\n", "line 2: the file ends where \"a\"[1] should have a value"),
            ("{\"a\":\"open\n\"}", "line 1: a string runs past the end of its line; a closing \" is missing"),
            ("{\"a\":{\"b\":[1}", "line 1: the file ends inside \"a\"; a } or ] is missing"),
            ("{a:1}", "line 1: expected a member name in double quotes"),
            ("{\"a\" 1}", "line 1: expected : after \"a\""),
            ("{\"a\":,}", "line 1: expected a value for \"a\", found ,"),
        ]
        for (text, message) in cases {
            #expect(syntaxError(text)?.description == message, "\(text)")
        }
    }

    @Test func progressCountsTheBytesOfAFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("rows.json")
        let text = "{\"rows\":[" + (0..<1_000).map { "{\"i\":\($0)}" }.joined(separator: ",") + "]}"
        try Data(text.utf8).write(to: url)
        let reader = try JSONStreamReader(url: url)
        var elements = 0
        var lastBytes = 0
        try reader.read { event in
            if case .element = event {
                elements += 1
                #expect(reader.bytesRead >= lastBytes)
                lastBytes = reader.bytesRead
            }
        }
        #expect(elements == 1_000)
        #expect(reader.bytesRead == reader.totalBytes)
        #expect(reader.totalBytes == text.utf8.count)
    }
}
