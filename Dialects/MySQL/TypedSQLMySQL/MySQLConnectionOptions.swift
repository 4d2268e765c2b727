import Foundation

/// Where and as whom a ``MySQLDatabase`` connects, read from its address:
/// `mysql://user:password@host:port/database`, with `?socket=/path/to/mysqld.sock` to connect
/// through a unix socket (`mariadb://` is read the same way).
///
/// Time limits, in whole seconds: `connect_timeout` (10 unless set; `0` waits for as long as the
/// operating system does) bounds reaching the server and its greeting; `read_timeout` and
/// `write_timeout` (none unless set) bound each wait for the server while a statement runs, so a
/// statement that needs longer than `read_timeout` without sending a row fails with 2013 and the
/// connection is lost (the next call reconnects).
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
  /// Seconds to reach the server and read its greeting; 0 leaves it to the operating system.
  var connectTimeout: UInt32 = Self.defaultConnectTimeout
  /// Seconds to wait for each read from the server while a statement runs; 0 waits for ever.
  var readTimeout: UInt32 = 0
  /// Seconds to wait for each write to the server; 0 waits for ever.
  var writeTimeout: UInt32 = 0

  /// The connect time limit when the address sets none: PostgreSQL's driver waits as long.
  static let defaultConnectTimeout: UInt32 = 10

  /// Reads `address`; one that is not a `mysql://` or `mariadb://` URL throws (SQLSTATE 22023),
  /// as does an unknown query parameter, so that a mistyped setting is not silently ignored.
  init(parsing address: String) throws {
    func invalid(_ reason: String) -> MySQLError {
      MySQLError(code: 2005, sqlState: "22023", message: "invalid MySQL address: \(reason)")
    }
    func seconds(_ item: URLQueryItem) throws -> UInt32 {
      guard let value = item.value.flatMap({ UInt32($0) }), value <= 31_536_000 else {
        throw invalid("\(item.name) must be a whole number of seconds, not \(item.value ?? "nothing")")
      }
      return value
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
      case "connect_timeout": connectTimeout = try seconds(item)
      case "read_timeout": readTimeout = try seconds(item)
      case "write_timeout": writeTimeout = try seconds(item)
      default: throw invalid("unknown parameter \(item.name)")
      }
    }
  }
}
