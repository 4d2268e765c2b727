import Foundation

/// Where and as whom a ``MySQLDatabase`` connects, read from its address:
/// `mysql://user:password@host:port/database`, with `?socket=/path/to/mysqld.sock` to connect
/// through a unix socket (`mariadb://` is read the same way).
///
/// ```swift
/// let db = try MySQLDatabase(url: "mysql://app:secret@127.0.0.1:3306/app")
/// let local = try MySQLDatabase(url: "mysql://root@localhost/app?socket=/run/mysqld/mysqld.sock")
/// ```
struct MySQLConnectionOptions: Equatable {
  var host: String?
  var port: UInt32 = 0
  var user: String?
  var password: String?
  var database: String?
  var socket: String?

  /// Reads `address`; one that is not a `mysql://` or `mariadb://` URL throws (SQLSTATE 22023),
  /// as does an unknown query parameter, so that a mistyped setting is not silently ignored.
  init(parsing address: String) throws {
    func invalid(_ reason: String) -> MySQLError {
      MySQLError(code: 2005, sqlState: "22023", message: "invalid MySQL address: \(reason)")
    }
    guard let components = URLComponents(string: address),
      components.scheme == "mysql" || components.scheme == "mariadb"
    else { throw invalid("expected mysql://user:password@host:port/database") }
    host = components.host.flatMap { $0.isEmpty ? nil : $0 }
    port = try components.port.map { port in
      guard let value = UInt32(exactly: port), value <= 65535 else { throw invalid("port \(port)") }
      return value
    } ?? 0
    user = components.percentEncodedUser?.removingPercentEncoding
    password = components.percentEncodedPassword?.removingPercentEncoding
    let path = components.path.drop { $0 == "/" }
    database = path.isEmpty ? nil : String(path)
    for item in components.queryItems ?? [] {
      switch item.name {
      case "socket": socket = item.value
      default: throw invalid("unknown parameter \(item.name)")
      }
    }
  }
}
