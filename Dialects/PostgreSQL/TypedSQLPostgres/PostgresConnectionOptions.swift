import CLibPQ
import Foundation

/// The options of a libpq connection string or `postgres://` URL, read as libpq reads them and
/// written back as a connection string: how a ``PostgresReplicaSet`` sets options of its own and
/// spreads its readers over the hosts it is given.
struct PostgresConnectionOptions: Sendable {
  /// Each option the address gives, by its libpq keyword, in libpq's order.
  private var options: [(keyword: String, value: String)] = []

  /// The options of `address`; an address libpq cannot read throws.
  init(parsing address: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard let parsed = PQconninfoParse(address, &message) else {
      defer { PQfreemem(message) }
      let reason = message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "out of memory"
      throw PostgresError(  // invalid_parameter_value
        sqlState: "22023", message: "not a PostgreSQL address: "
          + PostgresAddressSecrets(of: address).redacting(parseError: reason, of: address))
    }
    defer { PQconninfoFree(parsed) }
    var option = parsed
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        options.append((String(cString: keyword), String(cString: value)))
      }
      option += 1
    }
  }

  /// The value of the option `keyword`, or `nil` when the address does not give it.
  subscript(keyword: String) -> String? {
    get { options.first { $0.keyword == keyword }?.value }
    set {
      options.removeAll { $0.keyword == keyword }
      if let newValue { options.append((keyword, newValue)) }
    }
  }

  /// The same options with the hosts listed in random order, each host keeping its address and
  /// its port: what libpq 16's `load_balance_hosts=random` does, for the libpq 15 of Debian 12.
  /// A connection tries the hosts in the order listed, so connections opened from such shuffled
  /// addresses spread over the hosts that suit them instead of all taking the first.
  func withHostsShuffled() -> PostgresConnectionOptions {
    let lists = Self.hostLists.map { keyword in self[keyword].map { $0.split(separator: ",", omittingEmptySubsequences: false) } }
    let count = lists.map { $0?.count ?? 0 }.max() ?? 0
    guard count > 1 else { return self }
    let order = (0..<count).shuffled()
    var shuffled = self
    for (keyword, list) in zip(Self.hostLists, lists) {
      // A single port (or address) serves every host, and stays as it is.
      guard let list, list.count == count else { continue }
      shuffled[keyword] = order.map { list[$0] }.joined(separator: ",")
    }
    return shuffled
  }

  /// The options that list one entry per host.
  private static let hostLists = ["host", "hostaddr", "port"]

  /// The options as a libpq connection string: `keyword='value'` pairs, each value quoted with
  /// its backslashes and quotes escaped.
  var connectionString: String {
    options.map { keyword, value in
      // Scalar by scalar: a quote or backslash followed by a combining mark is one Character,
      // which a replacement by Characters would leave unescaped.
      let escaped = value.escapingScalars(["\\", "'"], with: "\\")
      return "\(keyword)='\(escaped)'"
    }.joined(separator: " ")
  }
}
