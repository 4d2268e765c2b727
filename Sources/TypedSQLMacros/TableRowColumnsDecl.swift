import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `Columns` type: one of the table's rows made of any expressions or Swift values,
  /// one per column, selected as a row of the table or inserted as one (a generated column, which
  /// it lists, left to the database).
  /// `Reminder.select { ReminderCount.Columns(count: $0.count()) }` fills a common table
  /// (StructuredQueries' spelling, which also calls the type `Selection`). A column declared with
  /// a default value, or with an optional type, may be left out: it selects that default (`nil`).
  /// A column stored through a representation is one SQL value: it takes any `ColumnsArgument`
  /// whose handle is an expression of the representation (`jsonGroupArray()` for a
  /// `[Tag].JSONRepresentation`).
  func rowColumnsDecl() throws -> StructDeclSyntax {
    let access = accessPrefix
    let parameters = FunctionParameterListSyntax {
      for column in columns {
        if let defaultValue = column.selectedDefault {
          FunctionParameterSyntax("\(column.name): \(column.argumentType) = \(defaultValue)")
        } else {
          FunctionParameterSyntax("\(column.name): \(column.argumentType)")
        }
      }
    }
    let generatedColumnNames = columns.filter(\.isGenerated).map(\.columnName)
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: TypedSQLCore.TableRowColumns") {
      // The table by its columns' name for it: a table named `Row` would otherwise name itself.
      DeclSyntax("\(raw: access)typealias Row = TableColumns.QueryValue")
      if !generatedColumnNames.isEmpty {
        StaticValueDecl(
          access: access, name: "generatedColumnNames", type: "[String]",
          value: ExprSyntax(
            ArrayExprSyntax(expressions: generatedColumnNames.map { ExprSyntax(StringLiteralExprSyntax(content: $0)) })),
          isStored: !isGeneric
        ).decl
      }
      DeclSyntax("private let selection: [TypedSQLCore.SQLExpression]")
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        if columns.isEmpty {
          "self.selection = []"
        } else {
          "var selection: [TypedSQLCore.SQLExpression] = []"
          for column in columns {
            column.representation == nil
              ? "\(column.name).appendSelection(to: &selection)"
              : "\(column.name).handles.appendSelection(to: &selection)"
          }
          "self.selection = selection"
        }
      }
      try FunctionDeclSyntax(
        "\(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression])"
      ) {
        "columns.append(contentsOf: selection)"
      }
    }
  }
}

extension ColumnProperty {
  /// The type of the column's `Columns(…)` parameter: a projection of its rows, or for a
  /// represented column any argument whose handle is an expression of the representation.
  fileprivate var argumentType: TypeSyntax {
    guard let representation else { return "some TypedSQLCore.QueryProjection<\(columnType)>" }
    return "some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<\(representation)>>"
  }

  /// The column's default as a `Columns(…)` argument: its declared default value, or `nil` for an
  /// optional type declared without one, in the column's stored form; `nil` when it has none.
  fileprivate var selectedDefault: ExprSyntax? {
    guard let value = defaultValueOrNil else { return nil }
    if let representation { return "\(representation)(queryOutput: \(value))" }
    return "TypedSQLCore.ColumnDefault<\(columnType)>(\(value))"
  }
}
