/// The column handles of a `@Table` enum, whose cases share the table: each case stores its
/// value in columns of its own, and a row holds one case, the others' columns `NULL`.
///
/// ```swift
/// @Table enum Post {
///   case photo(Photo)   // the columns of the group Photo: "url"
///   case note(String)   // "note"
/// }
/// Post.where { $0.note.isNot(nil) }
/// Post.insert { Post.note("Hello") }   // INSERT INTO "posts" ("url", "note") VALUES (?1, ?2)
/// ```
public protocol EnumTableDefinition: TableDefinition {
  /// The database columns of each case, in declaration order.
  static var caseColumnNames: [[String]] { get }
}
