/// A statement a dialect cannot express. Rendering throws it rather than drop or change a part
/// of the statement.
public enum DialectError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The dialect (at its version) has no way to express `feature`.
  case unsupported(feature: String, dialect: String)
  /// The statement needs more bound parameters than the database accepts in one statement.
  case tooManyBindings(count: Int, limit: Int, dialect: String)
  /// The statement is incomplete, e.g. an `UPDATE` without assignments.
  case invalidStatement(String)
  /// An identifier is longer than the database keeps: PostgreSQL cuts names to 63 bytes, so two
  /// names that differ only after that would name one object.
  case identifierTooLong(String, byteCount: Int, limit: Int, dialect: String)

  public var description: String {
    switch self {
    case .unsupported(let feature, let dialect):
      return "\(dialect) does not support \(feature)"
    case .tooManyBindings(let count, let limit, let dialect):
      return "the statement binds \(count) values, more than the \(limit) \(dialect) accepts;"
        + " split it into smaller statements"
    case .invalidStatement(let reason):
      return "invalid statement: \(reason)"
    case .identifierTooLong(let identifier, let byteCount, let limit, let dialect):
      return "the name \"\(identifier)\" is \(byteCount) bytes long; \(dialect) keeps only the first \(limit),"
        + " so it could name another object: give it a shorter name"
    }
  }
}

extension DialectError {
  /// Rendering a statement that reads StructuredQueries' `none`, which runs nothing (see
  /// ``SQLStatement/runsNothing``): there is no SQL that means that.
  static let runsNothing = DialectError.invalidStatement(
    "it reads `none`, so it runs nothing and has no SQL (running it returns no row)")
}
