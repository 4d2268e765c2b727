/// A Swift type that mirrors a database table, usually declared with the `@Table` macro.
///
/// ```swift
/// @Table struct Reminder {
///   let id: Int
///   var title = ""
///   @Column("is_completed") var isCompleted = false
/// }
/// Reminder.tableName      // "reminders"
/// Reminder.columns.title  // "reminders"."title", for use in queries
/// ```
///
/// The macro writes the ``TableColumns`` type whose properties are the column handles used in
/// builder closures (`$0.title`), the table's name, its column list, and an initializer that
/// decodes a row by column index. A column handle is also a static member of the table:
/// `Reminder.title` is `Reminder.columns.title`.
@dynamicMemberLookup
public protocol Table: QueryDecodable, InsertRow
where Into == Self, QueryColumns == TableColumns, NullableQueryColumns == NullableColumns<TableColumns> {
  /// The column handles of this table, one ``SQLQueryExpression`` per column.
  associatedtype TableColumns: TableDefinition where TableColumns.QueryValue == Self

  /// The table's name in the database.
  static var tableName: String { get }

  /// The schema the table is in (`@Table("name", schema: "main")`), or `nil` for the
  /// connection's default: on SQLite an attached database's name, on PostgreSQL a schema.
  static var schemaName: String? { get }

  /// The name the table's columns are qualified by in its queries, when it is not the table's
  /// own (`static var tableAlias: String? { "remindersTableInfo" }`): the `FROM` names the table
  /// `AS` it. `nil`, the default, qualifies them by ``tableName``.
  static var tableAlias: String? { get }

  /// What a `FROM` reads the table's rows from: by default its name, in its schema. A table
  /// read from a table-valued function declares it as SQL, and `@Table` then reads its rows from
  /// it, named ``tableAlias`` (or ``tableName``):
  ///
  /// ```swift
  /// @Table struct PragmaTableInfo<Base: Table> {
  ///   static var tableAlias: String? { "\(Base.tableName)TableInfo" }
  ///   static var tableFragment: QueryFragment {
  ///     "pragma_table_info(\(quote: Base.tableName, delimiter: .text))"
  ///   }
  ///   …
  /// }
  /// // SELECT … FROM pragma_table_info('reminders') AS "remindersTableInfo"
  /// ```
  static var tableFragment: SQLFragment { get }

  /// The table as a `FROM`, `INSERT INTO`, `UPDATE` or `DELETE FROM` names it: in its schema
  /// when it has one, `AS` its ``tableAlias`` when it has one. `@Table` writes it for a table
  /// that declares its ``tableFragment``.
  static var tableReference: TableReference { get }

  /// The table's rows as its queries see them: every row, unless the table declares a default
  /// scope (`static let all = Self.where { !$0.isDeleted }`), which ``unscoped`` leaves out.
  static var all: Select<TableColumns, Self> { get }

  /// The query every entry point of the table (`where`, `order`, `find`, `update`, …) starts
  /// from: ``all``, or, for a default scope written from those entry points
  /// (`static let all = Self.where { … }`), the same query started from ``unscoped``, which
  /// `@Table` writes. Not for calling.
  static var _typedSQLScopeStart: Select<TableColumns, Self> { get }
}

extension Table {
  /// The type of ``all``, the table's default scope: StructuredQueries' `DefaultScope`.
  public typealias DefaultScope = Select<TableColumns, Self>

  public static var schemaName: String? { nil }

  public static var tableAlias: String? { nil }

  /// The table's name, quoted, after its schema's when it has one (`"main"."reminders"`).
  public static var tableFragment: SQLFragment { "\(Self.self)" }

  public static var tableReference: TableReference {
    TableReference(name: tableName, schema: schemaName, alias: tableAlias)
  }

  /// The table itself, by its name in its schema, never aliased: what `CREATE VIEW`,
  /// `CREATE TRIGGER … ON` and `DROP` name.
  public static var namedTableReference: TableReference { TableReference(name: tableName, schema: schemaName) }

  /// The name that qualifies the table's columns in its queries: its ``tableAlias``, or its name.
  public static var tableQualifier: String { tableAlias ?? tableName }

  /// The column handles of this table, qualified by its name (or its ``tableAlias``).
  public static var columns: TableColumns { TableColumns(qualifier: tableQualifier) }

  /// A column handle as a static member of the table: `Reminder.title`, qualified by the
  /// table's name, for use outside a builder closure.
  public static subscript<Member>(dynamicMember keyPath: KeyPath<TableColumns, Member>) -> Member {
    columns[keyPath: keyPath]
  }

  /// A table row spans one result column per table column. Inlinable, so that a row built at
  /// the call (`insert { row }`) reserves room for its values without a generic call.
  @inlinable
  public static var columnCount: Int { TableColumns.columnNames.count }

  /// A table as a field of a `@Selection` (`let reminder: Reminder`) is its own columns,
  /// whatever the field is named: `Row.Columns(reminder: $0, list: $1)` selects every column
  /// of each table.
  public static func queryColumns(named name: String, qualifier: String) -> TableColumns {
    TableColumns(qualifier: qualifier)
  }

  /// An optional table as a field of a `@Selection` (`let list: RemindersList?`), for the
  /// outer-joined side of a join: its columns, each read as optional.
  public static func nullableQueryColumns(named name: String, qualifier: String) -> NullableColumns<TableColumns> {
    NullableColumns(TableColumns(qualifier: qualifier))
  }

  /// A table as a field spans the table's own columns.
  public static func columnNames(named name: String) -> [String] { TableColumns.columnNames }

  public static var jsonValueForms: [JSONValueForm] { TableColumns.jsonValueForms }
  public static var storedColumns: [StoredColumn] { TableColumns.storedColumns }

  /// Decodes a row, naming this table in any decoding error.
  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Self {
    do {
      return try Self(decoder: &decoder)
    } catch var error as QueryDecodingError where error.tableName == nil {
      error.tableName = tableName
      throw error
    }
  }
}

/// The column handles of a ``Table``, generated by `@Table` as its nested `TableColumns` type.
///
/// Each property is a ``SQLQueryExpression`` naming one column, qualified by the table's name (or
/// an alias), so `$0.title == "Milk"` renders `"reminders"."title" = ?1`.
public protocol TableDefinition: QueryProjection, ColumnsArgument, Sendable where Row == QueryValue, Handles == Self {
  /// The table these columns belong to.
  associatedtype QueryValue: Table

  /// The column names in declaration order: the order of the `SELECT` list and of decoding.
  static var columnNames: [String] { get }

  /// How each of ``columnNames`` is written into a JSON object (see ``JSONValueForm``).
  static var jsonValueForms: [JSONValueForm] { get }

  /// What each of ``columnNames`` stores (see ``StoredColumn``).
  static var storedColumns: [StoredColumn] { get }

  /// The name (or alias) that qualifies each column reference.
  var qualifier: String { get }

  /// Column handles qualified by `qualifier`.
  init(qualifier: String)

  /// Every column qualified by the table's name (or alias), in declaration order: the select list of
  /// `Table.all`, on the path of every query. `@Table` stores it once, so every query that
  /// starts from the table shares one list and its rendered text; the default builds it on each
  /// use.
  static var allColumnsSelection: SharedSelectList { get }

  /// The select of every row of the table: ``allColumnsSelection`` from the table
  /// (``Table/tableReference``), the tree of ``Table/unscoped``. `@Table` stores it once, so a
  /// query that starts from the table shares it until it changes it, and a lookup by key, which
  /// never changes it, builds no tree at all; the default builds it on each use.
  static var wholeTableSelect: SelectStatement { get }
}

extension TableDefinition {
  /// Every column ``JSONValueForm/plain``: `@Table` writes each column's own form; a definition
  /// written by hand may give them.
  public static var jsonValueForms: [JSONValueForm] { Array(repeating: .plain, count: columnNames.count) }

  /// Columns of unknown kind: `@Table` writes each column's own.
  public static var storedColumns: [StoredColumn] {
    Array(repeating: StoredColumn(type: nil, isOptional: nil, swiftType: "a type it does not name"), count: columnNames.count)
  }

  public static var allColumnsSelection: SharedSelectList {
    SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
  }

  public static var wholeTableSelect: SelectStatement {
    SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
  }

  /// Every column qualified by `qualifier`, in declaration order.
  public static func selection(qualifiedBy qualifier: String) -> [SQLExpression] {
    columnNames.map { name in .column(ColumnReference(qualifier: qualifier, name: name)) }
  }

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(contentsOf: Self.selection(qualifiedBy: qualifier))
  }
}
