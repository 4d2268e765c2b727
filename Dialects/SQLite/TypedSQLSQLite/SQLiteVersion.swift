import CSQLite

/// A SQLite library version, e.g. `3.40.1`: the dialect gates features on it.
public struct SQLiteVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major version: 3.
  public var major: Int
  /// The minor version: 40 in 3.40.1.
  public var minor: Int
  /// The patch version: 1 in 3.40.1.
  public var patch: Int

  /// Creates a version.
  public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// The version of the SQLite library this process is linked with.
  public static var linked: SQLiteVersion {
    let number = Int(sqlite3_libversion_number())
    return SQLiteVersion(number / 1_000_000, number / 1000 % 1000, number % 1000)
  }

  /// Whether `lhs` is an earlier version than `rhs`: by major, then minor, then patch version.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  /// The version as `major.minor.patch`: `3.40.1`.
  public var description: String { "\(major).\(minor).\(patch)" }
}
