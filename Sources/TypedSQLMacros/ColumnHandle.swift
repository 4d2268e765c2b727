import SwiftSyntax
import SwiftSyntaxBuilder

extension ColumnProperty {
  /// The type of the property's handle in `TableColumns` or a selection's `Columns`:
  /// `ColumnsOf<Int>` is a `QueryExpression<Int>`, `ColumnsOf<Timestamps>` a
  /// `Timestamps.Columns`.
  var handleType: TypeSyntax {
    "TypedSQLCore.ColumnsOf<\(columnType)>"
  }

  /// The property's handle in the table (or alias) named by the variable `qualifier`.
  var handleInitializer: ExprSyntax {
    """
    \(columnType.metatypeExpression).queryColumns(named: \(literal: columnName), \
    qualifier: qualifier)
    """
  }

  /// The database columns the property occupies: its own for a value, its group's for a
  /// selection.
  var columnNamesExpression: ExprSyntax {
    "\(columnType.metatypeExpression).columnNames(named: \(literal: columnName))"
  }
}

extension [ColumnProperty] {
  /// The database columns of all these properties, flattened in order:
  /// `[Int.self.columnNames(named: "id"), …].flatMap { $0 }`.
  ///
  /// An array of arrays, flattened, type-checks quickly where a chain of `+` would not.
  var columnNamesExpression: ExprSyntax {
    guard !isEmpty else { return "[]" }
    let names = ArrayExprSyntax {
      for column in self {
        ArrayElementSyntax(expression: column.columnNamesExpression)
      }
    }
    return "\(names).flatMap { $0 }"
  }
}
