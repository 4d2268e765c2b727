/// Which server a ``MySQLDialect`` renders for: MariaDB or MySQL, and its version. Features only
/// one flavour has, or only later versions, are gated on it and refused by name elsewhere.
///
/// ```swift
/// let dialect = MySQLDialect(server: MySQLServer(.mariaDB, major: 10, minor: 11))
/// ```
public struct MySQLServer: Sendable, Hashable, CustomStringConvertible {
  /// The two servers that speak the MySQL protocol and SQL.
  public enum Flavor: Sendable, Hashable {
    /// MariaDB.
    case mariaDB
    /// Oracle's MySQL.
    case mySQL
  }

  /// The server's flavour.
  public var flavor: Flavor
  /// The major version: 10 for MariaDB 10.11, 8 for MySQL 8.0.
  public var major: Int
  /// The minor version: 11 for MariaDB 10.11.
  public var minor: Int

  /// A server of `flavor` at version `major.minor`.
  public init(_ flavor: Flavor, major: Int, minor: Int) {
    self.flavor = flavor
    self.major = major
    self.minor = minor
  }

  /// MariaDB 10.11, the long-term release the tests run against.
  public static let mariaDB10_11 = MySQLServer(.mariaDB, major: 10, minor: 11)

  /// The server a version string names: `10.11.19-MariaDB-0+deb12u1` is MariaDB 10.11, `8.0.36`
  /// is MySQL 8.0; nil when it names no version.
  public init?(versionString: String) {
    let numbers = versionString.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
    guard numbers.count >= 2 else { return nil }
    self.init(versionString.contains("MariaDB") ? .mariaDB : .mySQL, major: numbers[0], minor: numbers[1])
  }

  /// Whether this is `flavor` at `major.minor` or later.
  public func isAtLeast(_ flavor: Flavor, _ major: Int, _ minor: Int) -> Bool {
    self.flavor == flavor && (self.major, self.minor) >= (major, minor)
  }

  /// `MariaDB 10.11`, `MySQL 8.0`.
  public var description: String {
    "\(flavor == .mariaDB ? "MariaDB" : "MySQL") \(major).\(minor)"
  }
}
