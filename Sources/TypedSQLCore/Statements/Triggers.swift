import Foundation

// Triggers built in Swift: typed statements the database runs for each row a write touches.
//
//   try Reminder.createTrigger(after: .insert { new in
//     RemindersList.where { $0.id == new.remindersListID }.update { $0.count = $0.count + 1 }
//   }).execute(db)
//   try Reminder.createTrigger(before: .update(touch: \.updatedAt)).execute(db)
//
// SQLite renders `CREATE [TEMP] TRIGGER … BEGIN …; END`; PostgreSQL a PL/pgSQL function and the
// trigger that calls it. A trigger cannot take parameters, so its values are written into it as
// literals.

/// What fires a trigger on `On`'s table, and what the trigger does.
///
/// Closures receive the row before the write (`old`) and after it (`new`) as column handles:
/// `new.title` is `"new"."title"`.
public struct TriggerEvent<On: Table> {
  let event: TriggerDefinition.Event
  let condition: SQLExpression?
  let actions: [TriggerDefinition.Action]

  /// For each inserted row, where `condition` holds (when given), runs `actions`.
  public static func insert(
    when condition: ((_ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil,
    @TriggerActionsBuilder _ actions: (_ new: On.TableColumns) -> [TriggerDefinition.Action]
  ) -> Self {
    TriggerEvent(event: .insert, condition: condition?(newRow).node, actions: actions(newRow))
  }

  /// For each updated row, where `condition` holds, runs `actions`.
  public static func update(
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil,
    @TriggerActionsBuilder _ actions: (_ old: On.TableColumns, _ new: On.TableColumns) -> [TriggerDefinition.Action]
  ) -> Self {
    TriggerEvent(
      event: .update(columns: []), condition: condition?(oldRow, newRow).node, actions: actions(oldRow, newRow))
  }

  /// For each row an update of one of `columns` writes (`UPDATE OF "title"`), where `condition`
  /// holds, runs `actions`.
  public static func update<each Column: QueryProjection>(
    of columns: (On.TableColumns) -> (repeat each Column),
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil,
    @TriggerActionsBuilder _ actions: (_ old: On.TableColumns, _ new: On.TableColumns) -> [TriggerDefinition.Action]
  ) -> Self {
    let names = updatedColumnNames(repeat each columns(On.columns))
    return TriggerEvent(
      event: .update(columns: names), condition: condition?(oldRow, newRow).node, actions: actions(oldRow, newRow))
  }

  /// For each deleted row, where `condition` holds, runs `actions`.
  public static func delete(
    when condition: ((_ old: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil,
    @TriggerActionsBuilder _ actions: (_ old: On.TableColumns) -> [TriggerDefinition.Action]
  ) -> Self {
    TriggerEvent(event: .delete, condition: condition?(oldRow).node, actions: actions(oldRow))
  }

  /// On each update, sets `column` of the row to `value` (the current instant unless given):
  /// keeps an `updatedAt` column in step.
  ///
  /// A touch has the same effect written `before:` or `after:`: PostgreSQL assigns the new row's
  /// columns before it is written; SQLite, which cannot, updates the row by its `rowid` right
  /// after the write.
  public static func update<Value>(
    touch column: KeyPath<On.TableColumns, SQLQueryExpression<Value>>,
    to value: SQLQueryExpression<Value>
  ) -> Self {
    touching(column, value, on: .update(columns: []))
  }

  /// On each update, sets the date `column` of the row (stored the default way) to the current
  /// instant.
  public static func update(touch column: KeyPath<On.TableColumns, SQLQueryExpression<Date>>) -> Self {
    touching(column, SQLQueryExpression<Date>.now, on: .update(columns: []))
  }

  /// On each update, sets the optional date `column` of the row to the current instant.
  public static func update(touch column: KeyPath<On.TableColumns, SQLQueryExpression<Date?>>) -> Self {
    touching(column, SQLQueryExpression<Date?>(node: SQLQueryExpression<Date>.now.node), on: .update(columns: []))
  }

  /// On each insert, sets `column` of the row to `value`.
  public static func insert<Value>(
    touch column: KeyPath<On.TableColumns, SQLQueryExpression<Value>>,
    to value: SQLQueryExpression<Value>
  ) -> Self {
    touching(column, value, on: .insert)
  }

  /// On each update, sets `column` of the row to `date`, StructuredQueries' spelling of
  /// ``update(touch:to:)``.
  public static func update<Value>(
    touch column: KeyPath<On.TableColumns, SQLQueryExpression<Value>>,
    date: SQLQueryExpression<Value>
  ) -> Self {
    touching(column, date, on: .update(columns: []))
  }

  /// On each inserted row, where `condition` holds, makes the assignments of `updates` to the
  /// row, as an `update` would: `.insert(touch: { $0.position = $0.id * 10 })`. A column read
  /// in a value is the row's, as inserted.
  public static func insert(
    touch updates: (inout Updates<On>) -> Void,
    when condition: ((_ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    insert(touch: { row, _ in updates(&row) }, when: condition)
  }

  /// ``insert(touch:when:)`` with the new row's columns to read: `"new"."title"`.
  public static func insert(
    touch updates: (inout Updates<On>, _ new: On.TableColumns) -> Void,
    when condition: ((_ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    var row = Updates<On>()
    updates(&row, newRow)
    return TriggerEvent(event: .insert, condition: condition?(newRow).node, actions: settings(of: row))
  }

  /// On each updated row, where `condition` holds, makes the assignments of `updates` to the
  /// row: `.update { $0.position += 1 }`. A column read in a value is the row's, as updated.
  public static func update(
    touch updates: (inout Updates<On>) -> Void,
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    update(touch: { row, _, _ in updates(&row) }, when: condition)
  }

  /// ``update(touch:when:)`` with the row's columns before and after the write to read:
  /// `.update { row, old, new in row.title = old.title + " → " + new.title }`.
  public static func update(
    touch updates: (inout Updates<On>, _ old: On.TableColumns, _ new: On.TableColumns) -> Void,
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    var row = Updates<On>()
    updates(&row, oldRow, newRow)
    return TriggerEvent(
      event: .update(columns: []), condition: condition?(oldRow, newRow).node, actions: settings(of: row))
  }

  /// On each row an update of one of `columns` writes, where `condition` holds, makes the
  /// assignments of `updates` to the row.
  public static func update<each Column: QueryProjection>(
    of columns: (On.TableColumns) -> (repeat each Column),
    touch updates: (inout Updates<On>) -> Void,
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    let names = updatedColumnNames(repeat each columns(On.columns))
    var row = Updates<On>()
    updates(&row)
    return TriggerEvent(
      event: .update(columns: names), condition: condition?(oldRow, newRow).node, actions: settings(of: row))
  }

  private static func touching<Value>(
    _ column: KeyPath<On.TableColumns, SQLQueryExpression<Value>>, _ value: SQLQueryExpression<Value>,
    on event: TriggerDefinition.Event
  ) -> Self {
    TriggerEvent(event: event, condition: nil, actions: [.setColumn(On.columns[keyPath: column].node, value.node)])
  }

  /// The names of the columns an `UPDATE OF` trigger watches.
  private static func updatedColumnNames<each Column: QueryProjection>(_ columns: repeat each Column) -> [String] {
    selection(repeat each columns).compactMap { column -> String? in
      if case .column(let reference) = column { reference.name } else { nil }
    }
  }

  /// The assignments of a touch closure, as actions that set the written row's columns.
  private static func settings(of row: Updates<On>) -> [TriggerDefinition.Action] {
    row.rowAssignments.map { .setColumn(.column(ColumnReference(qualifier: On.tableName, name: $0.column)), $0.value) }
  }

  private static var oldRow: On.TableColumns { On.TableColumns(qualifier: TriggerDefinition.oldRow) }
  private static var newRow: On.TableColumns { On.TableColumns(qualifier: TriggerDefinition.newRow) }
}

/// Collects a trigger's statements: any typed statement (`insert`, `update`, `delete`,
/// `select`), in order, with `if` and `for` as in any builder.
@resultBuilder
public enum TriggerActionsBuilder {
  /// A typed statement (`insert`, `update`, `delete`, `select`) as an action that runs it.
  public static func buildExpression(_ statement: some Statement) -> [TriggerDefinition.Action] {
    [.statement(statement.statementNode)]
  }

  /// The actions of every line, in order.
  public static func buildBlock(_ parts: [TriggerDefinition.Action]...) -> [TriggerDefinition.Action] {
    parts.flatMap { $0 }
  }

  /// The actions of an `if` without `else`: none when its condition does not hold.
  public static func buildOptional(_ part: [TriggerDefinition.Action]?) -> [TriggerDefinition.Action] {
    part ?? []
  }

  /// The actions of the first branch of an `if`–`else` or a `switch`.
  public static func buildEither(first part: [TriggerDefinition.Action]) -> [TriggerDefinition.Action] { part }

  /// The actions of the second branch of an `if`–`else` or a `switch`.
  public static func buildEither(second part: [TriggerDefinition.Action]) -> [TriggerDefinition.Action] { part }

  /// The actions of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[TriggerDefinition.Action]]) -> [TriggerDefinition.Action] {
    parts.flatMap { $0 }
  }
}

/// `CREATE TRIGGER …` on `On`'s table.
public struct CreateTrigger<On: Table>: Statement {
  public typealias Row = NoRow

  /// The trigger's definition.
  public let trigger: TriggerDefinition

  public var statementNode: SQLStatement { .schema(.createTrigger(trigger)) }

  /// Renders the statement with its values written as literals.
  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    try dialect.renderWithLiterals(statementNode)
  }

  /// `DROP TRIGGER` of this trigger.
  public func drop(ifExists: Bool = false) -> DropTrigger<On> {
    DropTrigger(name: trigger.name, ifExists: ifExists)
  }
}

/// `DROP TRIGGER [IF EXISTS] …` of a trigger on `On`'s table.
public struct DropTrigger<On: Table>: Statement {
  public typealias Row = NoRow

  /// The trigger's name.
  public let name: String
  /// Whether dropping a trigger that does not exist does nothing, rather than fail.
  public let ifExists: Bool

  public var statementNode: SQLStatement {
    .schema(.dropTrigger(name: name, table: On.namedTableReference, ifExists: ifExists))
  }
}

extension Table {
  /// A trigger that runs after each write `event` describes. Unnamed, it is named after its
  /// timing, event and table: `after_update_on_reminders`.
  public static func createTrigger(_ name: String? = nil, after event: TriggerEvent<Self>) -> CreateTrigger<Self> {
    trigger(name, temporary: false, ifNotExists: false, .after, event)
  }

  /// A trigger that runs before each write `event` describes.
  public static func createTrigger(_ name: String? = nil, before event: TriggerEvent<Self>) -> CreateTrigger<Self> {
    trigger(name, temporary: false, ifNotExists: false, .before, event)
  }

  /// A trigger that runs instead of each write `event` describes: on a view, it makes the view
  /// writable.
  public static func createTrigger(_ name: String? = nil, insteadOf event: TriggerEvent<Self>) -> CreateTrigger<Self> {
    trigger(name, temporary: false, ifNotExists: false, .insteadOf, event)
  }

  /// A temporary trigger (it lasts as long as the connection) that runs after each write.
  /// SQLite only: PostgreSQL has no temporary triggers, and refuses it by name; so is
  /// `ifNotExists`.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, after event: TriggerEvent<Self>
  ) -> CreateTrigger<Self> {
    trigger(name, temporary: true, ifNotExists: ifNotExists, .after, event)
  }

  /// A temporary trigger that runs before each write. SQLite only.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, before event: TriggerEvent<Self>
  ) -> CreateTrigger<Self> {
    trigger(name, temporary: true, ifNotExists: ifNotExists, .before, event)
  }

  /// A temporary trigger that runs instead of each write. SQLite only.
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, insteadOf event: TriggerEvent<Self>
  ) -> CreateTrigger<Self> {
    trigger(name, temporary: true, ifNotExists: ifNotExists, .insteadOf, event)
  }

  private static func trigger(
    _ name: String?, temporary: Bool, ifNotExists: Bool, _ timing: TriggerDefinition.Timing,
    _ event: TriggerEvent<Self>
  ) -> CreateTrigger<Self> {
    let eventName: String
    switch event.event {
    case .insert: eventName = "insert"
    case .update: eventName = "update"
    case .delete: eventName = "delete"
    }
    let timingName = timing == .insteadOf ? "instead_of" : timing.rawValue.lowercased()
    return CreateTrigger(
      trigger: TriggerDefinition(
        name: name ?? "\(timingName)_\(eventName)_on_\(tableName)", table: namedTableReference, isTemporary: temporary,
        ifNotExists: ifNotExists, timing: timing, event: event.event, condition: event.condition,
        actions: event.actions))
  }
}
