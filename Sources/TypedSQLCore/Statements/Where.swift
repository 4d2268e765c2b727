/// A query of a table's rows, as StructuredQueries names the result of `Table.where`: a
/// ``Select`` of the table's columns, whose rows are the table's.
///
/// ```swift
/// extension Reminder {
///   static func titled(_ title: String) -> Where<Reminder> { Self.where { $0.title.eq(title) } }
/// }
/// ```
public typealias Where<From: Table> = Select<From.TableColumns, From>
