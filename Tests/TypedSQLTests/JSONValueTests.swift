import Testing

@testable import TypedSQLCore

/// The JSON parser that reads rows built as JSON back: what the databases write, and what they
/// never should but a hostile or broken value might.
@Suite struct JSONValueTests {
  @Test func scalarsAndContainers() throws {
    let value = try JSONValue(parsing: #" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d"}} "#)
    guard case .object(let members, _) = value else { Issue.record("not an object: \(value)"); return }
    #expect(members.map(\.key) == ["a", "b"])
    #expect(members[0].value == .array([], text: #"[1, -2.5e3, true, false, null]"#))
    guard case .array(let elements, _) = members[0].value else { Issue.record("not an array"); return }
    #expect(elements == [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])
    #expect(members[1].value.jsonText == #"{"c": "d"}"#)
  }

  @Test func numbersKeepEveryDigit() throws {
    #expect(try JSONValue(parsing: "9223372036854775807") == .number("9223372036854775807"))
    #expect(try JSONValue(parsing: "-9223372036854775808") == .number("-9223372036854775808"))
    // Each part of JSON's number grammar, and a number Swift reads that JSON does not write,
    // still read as before.
    for text in ["0", "-0", "12.50", "-0.5e-3", "1E+2", "6.02e23", "+1", "01", "1.", ".5"] {
      #expect(try JSONValue(parsing: text) == .number(text))
    }
    for text in ["-", "1e", "1e+", "--1", "1.2.3"] {
      #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
    }
  }

  @Test func stringEscapes() throws {
    #expect(try JSONValue(parsing: #""a\"b\\c\/d\n\t\u00e9\ud83e\uddc0""#) == .string("a\"b\\c/d\n\té🧀"))
    #expect(try JSONValue(parsing: "\"🧀 raw\"") == .string("🧀 raw"))
    // Strings are made run by run between escapes: none, one alone, one at either end, and a
    // combining scalar escaped after its base.
    #expect(try JSONValue(parsing: #""""#) == .string(""))
    #expect(try JSONValue(parsing: #""\"""#) == .string("\""))
    #expect(try JSONValue(parsing: #""\nstart and end\t""#) == .string("\nstart and end\t"))
    #expect(try JSONValue(parsing: #""e\u0301 après""#) == .string("e\u{301} après"))
    #expect(JSONValue.string("q\"\n\u{01}").jsonText == #""q\"\n\u0001""#)
  }

  @Test(arguments: [
    "", "[1,", "{\"a\" 1}", "{\"a\": 1,}", "tru", "\"open", #""\x""#, #""\ud83e""#, "[1] 2", "01x", "\"a\u{01}\"",
  ])
  func malformedTextIsAnError(text: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: deep) }
    let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    #expect(throws: Never.self) { try JSONValue(parsing: allowed) }
  }
}
