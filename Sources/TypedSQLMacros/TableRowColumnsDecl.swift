import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `Columns` type: one of the table's rows made of any expressions or Swift values,
  /// one per column, selected as a row of the table.
  /// `Reminder.select { ReminderCount.Columns(count: $0.count()) }` fills a common table
  /// (StructuredQueries' spelling, which also calls the type `Selection`).
  func rowColumnsDecl() throws -> StructDeclSyntax {
    let access = accessPrefix
    let parameters = FunctionParameterListSyntax {
      for column in columns {
        FunctionParameterSyntax("\(column.name): some TypedSQLCore.QueryProjection<\(column.columnType)>")
      }
    }
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: TypedSQLCore.QueryProjection") {
      // The table by its columns' name for it: a table named `Row` would otherwise name itself.
      DeclSyntax("\(raw: access)typealias Row = TableColumns.QueryValue")
      DeclSyntax("private let selection: [TypedSQLCore.SQLExpression]")
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        if columns.isEmpty {
          "self.selection = []"
        } else {
          "var selection: [TypedSQLCore.SQLExpression] = []"
          for column in columns {
            "\(column.name).appendSelection(to: &selection)"
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
