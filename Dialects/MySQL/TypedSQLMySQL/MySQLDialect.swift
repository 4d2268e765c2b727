import TypedSQLCore

/// MariaDB's and MySQL's spelling of the tree.
///
/// What differs from SQLite so far: `` `name` `` identifiers and `?` placeholders matched to
/// values by position (the same value bound once per place it appears). Every other node is
/// spelled the standard way.
public struct MySQLDialect: Dialect {
  /// The server statements are rendered for; features are gated on its flavour and version.
  public let server: MySQLServer

  /// A dialect for `server`; MariaDB 10.11 when none is named.
  public init(server: MySQLServer = .mariaDB10_11) {
    self.server = server
  }

  /// `MariaDB 10.11`, `MySQL 8.0`.
  public var name: String { server.description }

  /// A prepared statement takes at most 65535 parameters.
  public var maximumBindingCount: Int { 65535 }

  /// Columns are spelled the same whatever the server.
  public var cachesColumnLists: Bool { true }

  /// `` `name` ``, doubling any backtick inside it: read the same whatever the session's
  /// `ANSI_QUOTES`.
  public func appendIdentifier(_ identifier: String, into context: inout RenderContext) {
    context.appendQuoted(identifier, quote: UInt8(ascii: "`"))
  }

  /// `?`, noting which value it stands for: the server matches placeholders to values by
  /// position.
  public func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append("?")
    context.notePositionalPlaceholder(number)
  }
}

extension Dialect where Self == MySQLDialect {
  /// MariaDB 10.11: `try query.render(in: .mysql)`.
  public static var mysql: MySQLDialect { MySQLDialect() }
}
