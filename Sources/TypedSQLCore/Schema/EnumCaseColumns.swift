/// One case of an enum stored in columns (a `@Selection` enum, or a `@Table` enum) as a row of
/// expressions: the case's value, or any expression of its type, in the case's columns, and
/// `NULL` in every other case's. StructuredQueries spells it `Kind.Selection.note(…)`:
///
/// ```swift
/// Values(Attachment.Kind.Selection.note("Hello"))
/// // SELECT NULL, ?1, NULL, NULL: decodes as Attachment.Kind.note("Hello")
/// Values(Attachment.Kind.Selection.note(#sql("upper('hello')")))
/// ```
///
/// `@Selection` and `@Table` write one such static function per case; this is the row they
/// return.
public struct EnumCaseColumns<Value: QueryDecodable & QueryRow>: QueryProjection, Sendable {
  public typealias Row = Value

  /// The row's expressions, one per column of the enum, in column order.
  let expressions: [SQLExpression]

  /// The case at `caseIndex` (in declaration order) holding `argument`'s expressions, every other
  /// case `NULL`: `caseColumnNames` lists each case's columns.
  public init<Argument: ColumnsArgument>(
    caseAt caseIndex: Int, of caseColumnNames: [[String]], holding argument: Argument
  ) where Argument.Handles: QueryProjection {
    var expressions: [SQLExpression] = []
    expressions.reserveCapacity(caseColumnNames.reduce(0) { $0 + $1.count })
    for (index, names) in caseColumnNames.enumerated() {
      if index == caseIndex {
        argument.handles.appendSelection(to: &expressions)
      } else {
        expressions.append(contentsOf: repeatElement(.binding(.null), count: names.count))
      }
    }
    self.expressions = expressions
  }

  /// The columns of `value`, each bound: `NULL` in the columns of the cases it does not hold.
  public init(_ value: Value) where Value: Selection {
    var values = ColumnValues(reservingCapacity: Value.columnCount)
    value.encodeColumns(into: &values)
    self.expressions = values.boundExpressions
  }

  /// The columns of the enum table's row `value`, each bound.
  public init(_ value: Value) where Value: Table {
    var values = ColumnValues(reservingCapacity: Value.columnCount)
    value.encodeColumns(into: &values)
    self.expressions = values.boundExpressions
  }

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(contentsOf: expressions)
  }
}
