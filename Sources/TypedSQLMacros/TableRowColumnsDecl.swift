import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `Columns` type: one of the table's rows made of any expressions, one per column,
  /// selected as a row of the table. `Reminder.select { ReminderCount.Columns(count: $0.count()) }`
  /// fills a common table (StructuredQueries' spelling, which also calls the type `Selection`).
  func rowColumnsDecl() throws -> StructDeclSyntax {
    let access = accessPrefix
    let parameters = FunctionParameterListSyntax {
      for column in columns {
        FunctionParameterSyntax("\(column.name): \(column.handleType)")
      }
    }
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: TypedSQLCore.QueryProjection") {
      DeclSyntax("\(raw: access)typealias Row = \(type)")
      for column in columns {
        DeclSyntax("\(raw: access)let \(column.name): \(column.handleType)")
      }
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        for column in columns {
          "self.\(column.name) = \(column.name)"
        }
      }
      try FunctionDeclSyntax(
        "\(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression])"
      ) {
        for column in columns {
          "self.\(column.name).appendSelection(to: &columns)"
        }
      }
    }
  }
}
