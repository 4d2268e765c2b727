/// A statement that creates or drops a schema object: a view, or (see ``TriggerDefinition``) a
/// trigger. Such statements take no parameters: their values are written as literals.
public enum SchemaStatement: Sendable, Hashable {
  /// `CREATE [TEMPORARY] VIEW … AS SELECT …`.
  case createView(ViewDefinition)
  /// `DROP VIEW [IF EXISTS] …`.
  case dropView(TableReference, ifExists: Bool)
  /// `CREATE TRIGGER …`: in SQLite the trigger with its statements; in PostgreSQL a function of
  /// its actions in PL/pgSQL and the trigger that calls it, created together.
  case createTrigger(TriggerDefinition)
  /// `DROP TRIGGER [IF EXISTS] …` (in PostgreSQL, its function and so the trigger).
  case dropTrigger(name: String, table: TableReference, ifExists: Bool)
}

/// A view: a named `SELECT` that queries read like a table.
public struct ViewDefinition: Sendable, Hashable {
  /// The view's name, in its schema when it has one.
  public var name: TableReference
  /// The names of the view's columns, in the order of the select's result columns.
  public var columns: [String]
  /// The query the view reads.
  public var select: SelectStatement
  /// Whether the view lasts only as long as the connection (`CREATE TEMPORARY VIEW`).
  public var isTemporary: Bool
  /// Whether creating a view that exists already does nothing (`IF NOT EXISTS`), rather than
  /// fail.
  public var ifNotExists: Bool

  /// Creates a view definition.
  public init(name: TableReference, columns: [String], select: SelectStatement, isTemporary: Bool, ifNotExists: Bool) {
    self.name = name
    self.columns = columns
    self.select = select
    self.isTemporary = isTemporary
    self.ifNotExists = ifNotExists
  }
}
