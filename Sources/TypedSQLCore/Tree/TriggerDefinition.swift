/// A trigger: statements a database runs for each row an `INSERT`, `UPDATE` or `DELETE` on a
/// table (or a view) writes.
///
/// Inside the trigger, columns qualified by ``oldRow`` and ``newRow`` are the row before and
/// after the write.
public struct TriggerDefinition: Sendable, Hashable {
  /// When the trigger runs, relative to the write.
  public enum Timing: String, Sendable, Hashable {
    /// Before the write, after it, or in its place (on a view, to make it writable); the raw value
    /// is the SQL keyword.
    case before = "BEFORE", after = "AFTER", insteadOf = "INSTEAD OF"
  }

  /// The write that fires the trigger.
  public enum Event: Sendable, Hashable {
    /// An insert.
    case insert
    /// An update; of any column when `columns` is empty, else of one of those.
    case update(columns: [String])
    /// A delete.
    case delete
  }

  /// One thing the trigger does.
  public enum Action: Sendable, Hashable {
    /// Runs a statement.
    case statement(SQLStatement)
    /// Gives a column of the row being written (a ``SQLExpression/column(_:)``) a value: the
    /// `updatedAt` of an update. Only a `BEFORE INSERT` or `BEFORE UPDATE` trigger has such
    /// actions, and only such actions.
    case setColumn(SQLExpression, SQLExpression)
  }

  /// The qualifier of the row before the write, in conditions and statements: `"old"."title"`.
  public static let oldRow = "old"
  /// The qualifier of the row after the write: `"new"."title"`.
  public static let newRow = "new"

  /// The trigger's name.
  public var name: String
  /// The table (or view) whose writes fire it.
  public var table: TableReference
  /// Whether the trigger lasts only as long as the connection (SQLite's `TEMP` triggers).
  public var isTemporary: Bool
  /// Whether creating a trigger that exists already does nothing, rather than fail.
  public var ifNotExists: Bool
  /// When it runs.
  public var timing: Timing
  /// What fires it.
  public var event: Event
  /// The condition a row must meet for the trigger to run, if any.
  public var condition: SQLExpression?
  /// What it does, in order.
  public var actions: [Action]

  /// Creates a trigger definition.
  public init(
    name: String, table: TableReference, isTemporary: Bool, ifNotExists: Bool, timing: Timing, event: Event,
    condition: SQLExpression?, actions: [Action]
  ) {
    self.name = name
    self.table = table
    self.isTemporary = isTemporary
    self.ifNotExists = ifNotExists
    self.timing = timing
    self.event = event
    self.condition = condition
    self.actions = actions
  }

  /// The name of the column a ``Action/setColumn(_:_:)`` action sets; throws for a target that
  /// is not one column.
  public static func columnName(of target: SQLExpression) throws -> String {
    guard case .column(let reference) = target else {
      throw DialectError.invalidStatement("a trigger can set only a column of the written row")
    }
    return reference.name
  }

  /// Whether the trigger gives columns of the written row values (``Action/setColumn(_:_:)``).
  public var setsColumns: Bool {
    actions.contains { if case .setColumn = $0 { true } else { false } }
  }
}
