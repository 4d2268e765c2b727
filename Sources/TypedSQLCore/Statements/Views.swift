// Views from typed selects, queried through a `@Table` type named after the view:
//
//   @Table("reminderTitles") struct ReminderTitle { let id: Int; var title: String; var list: String }
//   try ReminderTitle.createTemporaryView(as: Reminder.join(RemindersList.all) { … }
//     .select { ($0.id, $0.title, $1.title) }).execute(db)
//   try ReminderTitle.where { $0.list == "Work" }.fetchAll(db)
//
// A view cannot take parameters, so its select's values are written into it as literals.

/// `CREATE [TEMPORARY] VIEW … AS SELECT …`, for the view `View` describes.
public struct CreateView<View: Table>: Statement {
  public typealias Row = NoRow

  /// The view's definition.
  public let view: ViewDefinition
  /// Why the view's select cannot be written (a common table of a `With` that cannot fill
  /// one), if it cannot: rendering throws it.
  let invalidSelect: DialectError?

  init(view: ViewDefinition, invalidSelect: DialectError? = nil) {
    self.view = view
    self.invalidSelect = invalidSelect
  }

  public var statementNode: SQLStatement { .schema(.createView(view)) }

  /// Renders the statement with the select's values written as literals.
  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    if let invalidSelect { throw invalidSelect }
    return try dialect.renderWithLiterals(statementNode)
  }

  /// `DROP VIEW` of this view.
  public func drop(ifExists: Bool = false) -> DropView<View> {
    View.dropView(ifExists: ifExists)
  }
}

/// `DROP VIEW [IF EXISTS] …`.
public struct DropView<View: Table>: Statement {
  public typealias Row = NoRow

  /// Whether dropping a view that does not exist does nothing, rather than fail.
  public let ifExists: Bool

  public var statementNode: SQLStatement { .schema(.dropView(View.namedTableReference, ifExists: ifExists)) }
}

extension Table {
  /// `CREATE TEMPORARY VIEW` named after this type, reading `select`: a view that lasts as long
  /// as the connection. The select's result columns become the view's columns, in the order of
  /// this type's; it must select as many.
  ///
  /// `ifNotExists` is SQLite's (PostgreSQL refuses it by name).
  public static func createTemporaryView<Scope, SelectedRow>(
    ifNotExists: Bool = false, as select: Select<Scope, SelectedRow>
  ) -> CreateView<Self> {
    createView(isTemporary: true, ifNotExists: ifNotExists, select.select)
  }

  /// `CREATE VIEW` named after this type, reading `select`: a view stored in the database.
  public static func createView<Scope, SelectedRow>(
    ifNotExists: Bool = false, as select: Select<Scope, SelectedRow>
  ) -> CreateView<Self> {
    createView(isTemporary: false, ifNotExists: ifNotExists, select.select)
  }

  /// `CREATE TEMPORARY VIEW` named after this type, reading a select with common tables:
  /// `createTemporaryView(as: With { … } query: { … })`.
  public static func createTemporaryView<Scope, SelectedRow>(
    ifNotExists: Bool = false, as select: With<Select<Scope, SelectedRow>>
  ) -> CreateView<Self> {
    createView(isTemporary: true, ifNotExists: ifNotExists, select.base.select, invalidSelect: select.invalidTable)
  }

  /// `CREATE VIEW` named after this type, reading a select with common tables.
  public static func createView<Scope, SelectedRow>(
    ifNotExists: Bool = false, as select: With<Select<Scope, SelectedRow>>
  ) -> CreateView<Self> {
    createView(isTemporary: false, ifNotExists: ifNotExists, select.base.select, invalidSelect: select.invalidTable)
  }

  /// `DROP VIEW` of the view named after this type.
  public static func dropView(ifExists: Bool = false) -> DropView<Self> {
    DropView(ifExists: ifExists)
  }

  private static func createView(
    isTemporary: Bool, ifNotExists: Bool, _ select: SelectStatement, invalidSelect: DialectError? = nil
  ) -> CreateView<Self> {
    CreateView(
      view: ViewDefinition(
        name: namedTableReference, columns: TableColumns.columnNames, select: select, isTemporary: isTemporary,
        ifNotExists: ifNotExists),
      invalidSelect: invalidSelect)
  }
}
