import CLibPQ
import Foundation

/// The password a PostgreSQL address carries, in each form it may appear in text, so that no
/// error, log line or description the library builds from the address shows it.
///
/// The forms are found without relying on the address being valid: libpq quotes the bad part of
/// a malformed URL in its error (`invalid percent-encoded token: "Secr%zzet"`), and that part is
/// often the password.
struct PostgresAddressSecrets: Sendable {
  /// What stands for a password in text.
  static let mask = "***"

  /// The password as written in the address and as decoded, longest first; empty when there is
  /// none.
  private let forms: [String]

  /// The password forms of `address`: a URL's `user:password@`, its `password=` query parameter,
  /// or a connection string's `password=` keyword, as written and decoded.
  init(of address: String) {
    var forms: Set<String> = []
    func add(_ written: Substring) {
      guard !written.isEmpty else { return }
      forms.insert(String(written))
      if let decoded = written.removingPercentEncoding, !decoded.isEmpty { forms.insert(decoded) }
    }
    if let schemeEnd = address.range(of: "://") {
      let rest = address[schemeEnd.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        add(authority[authority.index(after: colon)..<at])
      }
    }
    for value in Self.keywordValues(named: "password", in: address) { add(value) }
    var message: UnsafeMutablePointer<CChar>?
    if let parsed = PQconninfoParse(address, &message) {
      var option = parsed
      while let keyword = option.pointee.keyword {
        if String(cString: keyword) == "password", let value = option.pointee.val {
          add(Substring(String(cString: value)))
        }
        option += 1
      }
      PQconninfoFree(parsed)
    }
    PQfreemem(message)
    self.forms = forms.sorted { $0.count > $1.count }
  }

  /// `text` with every form of the password replaced by ``mask``.
  func redacting(_ text: String) -> String {
    forms.reduce(text) { text, form in text.replacingOccurrences(of: form, with: Self.mask) }
  }

  /// libpq's complaint about `address`, which it could not read, with the password masked and
  /// every part of the address it quotes masked too unless it is an option's name: in an address
  /// that does not parse, the quoted part may be a piece of the password
  /// (`missing "=" after "x'"`).
  func redacting(parseError message: String, of address: String) -> String {
    var result = ""
    var rest = Substring(redacting(message))
    while let open = rest.firstIndex(of: "\""),
      let close = rest[rest.index(after: open)...].firstIndex(of: "\"")
    {
      let quoted = rest[rest.index(after: open)..<close]
      result += rest[...open]
      result += quoted == "=" || Self.namesAnOption(quoted, in: address) ? String(quoted) : Self.mask
      result += "\""
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// Whether `name` stands in `address` where an option's name does: right before `=`, at the
  /// start or after a space, `?` or `&`.
  private static func namesAnOption(_ name: Substring, in address: String) -> Bool {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
    var searchStart = address.startIndex
    while let found = address.range(of: name, range: searchStart..<address.endIndex) {
      searchStart = found.upperBound
      let before = found.lowerBound == address.startIndex ? " " : address[address.index(before: found.lowerBound)]
      let after = address[found.upperBound...].drop { $0 == " " }.first
      if " ?&".contains(before), after == "=" { return true }
    }
    return false
  }

  /// The values given to `keyword` in `address`, whether as `keyword=value` (quoted or not, in a
  /// connection string) or as `keyword=value&` (in a URL's query).
  private static func keywordValues(named keyword: String, in address: String) -> [Substring] {
    var values: [Substring] = []
    var searchStart = address.startIndex
    while let found = address.range(of: keyword, range: searchStart..<address.endIndex) {
      searchStart = found.upperBound
      var index = found.upperBound
      while index < address.endIndex, address[index] == " " { index = address.index(after: index) }
      guard index < address.endIndex, address[index] == "=" else { continue }
      index = address.index(after: index)
      while index < address.endIndex, address[index] == " " { index = address.index(after: index) }
      guard index < address.endIndex else { break }
      if address[index] == "'" {
        let start = address.index(after: index)
        var end = start
        while end < address.endIndex, address[end] != "'" {
          end = address[end] == "\\" && address.index(after: end) < address.endIndex
            ? address.index(end, offsetBy: 2) : address.index(after: end)
        }
        values.append(address[start..<min(end, address.endIndex)])
        // The value unescaped, as it may be quoted back.
        values.append(Substring(address[start..<min(end, address.endIndex)].replacingOccurrences(of: "\\'", with: "'")
          .replacingOccurrences(of: "\\\\", with: "\\")))
      } else {
        values.append(address[index...].prefix { $0 != " " && $0 != "&" })
      }
    }
    return values
  }
}
