import SwiftSyntax
import SwiftSyntaxBuilder

extension ColumnProperty {
  /// The type of the property's handle in `TableColumns` or a selection's `Columns`:
  /// `ColumnsOf<Int>` is a `SQLQueryExpression<Int>`, `ColumnsOf<Timestamps>` a
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

  /// How the property's columns are written into a JSON object.
  var jsonValueFormsExpression: ExprSyntax {
    "\(columnType.metatypeExpression).jsonValueForms"
  }

  /// What the property stores in each of its columns.
  var storedColumnsExpression: ExprSyntax {
    "\(columnType.metatypeExpression).storedColumns"
  }
}

extension [ColumnProperty] {
  /// The database columns of all these properties, flattened in order:
  /// `[Int.self.columnNames(named: "id"), …].flatMap { $0 }`.
  ///
  /// An array of arrays, flattened, type-checks quickly where a chain of `+` would not.
  var columnNamesExpression: ExprSyntax {
    flattened(\.columnNamesExpression, of: "String")
  }

  /// The database columns of each of these properties, not flattened:
  /// `[URL?.self.columnNames(named: "link"), …] as [[String]]`.
  var caseColumnNamesExpression: ExprSyntax {
    isEmpty ? "[]" : arrays(\.columnNamesExpression, of: "String")
  }

  /// How the columns of all these properties are written into a JSON object, flattened in order:
  /// `([Int.self.jsonValueForms, …] as [[TypedSQLCore.JSONValueForm]]).flatMap { $0 }`.
  var jsonValueFormsExpression: ExprSyntax {
    flattened(\.jsonValueFormsExpression, of: "TypedSQLCore.JSONValueForm")
  }

  /// What all these properties store in their columns, flattened in order.
  var storedColumnsExpression: ExprSyntax {
    flattened(\.storedColumnsExpression, of: "TypedSQLCore.StoredColumn")
  }

  /// One array of `element` per property, flattened. The array of arrays is typed, so each
  /// element type-checks on its own (a wide table's would otherwise take the type checker too
  /// long).
  private func flattened(_ element: (ColumnProperty) -> ExprSyntax, of elementType: TypeSyntax) -> ExprSyntax {
    isEmpty ? "[]" : "(\(arrays(element, of: elementType))).flatMap { $0 }"
  }

  /// One array of `element` per property, typed: `[…, …] as [[elementType]]`.
  private func arrays(_ element: (ColumnProperty) -> ExprSyntax, of elementType: TypeSyntax) -> ExprSyntax {
    let elements = ArrayExprSyntax {
      for column in self {
        ArrayElementSyntax(expression: element(column))
      }
    }
    return "\(elements) as [[\(elementType)]]"
  }
}
