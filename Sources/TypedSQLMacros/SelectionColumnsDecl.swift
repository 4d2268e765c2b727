import SwiftSyntax
import SwiftSyntaxBuilder

extension [ColumnProperty] {
  /// The nested `Columns` type of the selection `type`, whose fields these columns are: the
  /// flattened column names and one handle per field (a `SQLQueryExpression`, or a nested group's
  /// `Columns`), built from a table's columns with `init(qualifier:)` or with the memberwise
  /// initializer from any expressions, Swift values and groups' columns (`ColumnsArgument`s). A
  /// field of a standard value type, or stored through a representation, may be left out when
  /// it is declared with a default value or an optional type. An enum's (`isEnumCases`, one property per case) also
  /// lists each case's columns, so that assigning one case clears the others.
  func selectionColumnsDecl(of type: TypeSyntax, accessPrefix access: String, isEnumCases: Bool = false) throws
    -> StructDeclSyntax
  {
    let parameters = FunctionParameterListSyntax {
      for column in self {
        if let defaultValue = column.argumentDefault {
          FunctionParameterSyntax(
            "\(column.name): some TypedSQLCore.ColumnsArgument<\(column.handleType)> = \(defaultValue)")
        } else {
          FunctionParameterSyntax("\(column.name): some TypedSQLCore.ColumnsArgument<\(column.handleType)>")
        }
      }
    }
    let conformance = isEnumCases ? "TypedSQLCore.EnumSelectionColumns" : "TypedSQLCore.SelectionColumns"
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: \(raw: conformance)") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      DeclSyntax("\(raw: access)static let columnNames: [String] = \(columnNamesExpression)")
      if isEnumCases {
        DeclSyntax("\(raw: access)static let caseColumnNames: [[String]] = \(caseColumnNamesExpression)")
      }
      DeclSyntax(
        """
        \(raw: access)static let jsonValueForms: [TypedSQLCore.JSONValueForm] = \
        \(jsonValueFormsExpression)
        """)
      DeclSyntax(
        """
        \(raw: access)static var storedColumns: [TypedSQLCore.StoredColumn] {
          \(storedColumnsExpression)
        }
        """)
      for column in self {
        DeclSyntax("\(raw: access)let \(column.name): \(column.handleType)")
      }
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        for column in self {
          "self.\(column.name) = \(column.name).handles"
        }
      }
      try InitializerDeclSyntax("\(raw: access)init(qualifier: String)") {
        for column in self {
          "self.\(column.name) = \(column.handleInitializer)"
        }
      }
      try FunctionDeclSyntax(
        """
        \(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression])
        """
      ) {
        for column in self {
          "self.\(column.name).appendSelection(to: &columns)"
        }
      }
    }
  }
}

extension ColumnProperty {
  /// The standard value types a field's default can be selected for: a field of another type may
  /// be a group, whose value is not an expression.
  private static let standardValueTypes: Set<String> = [
    "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "Double", "Float",
    "String", "Date", "UUID", "Data", "Foundation.Date", "Foundation.UUID", "Foundation.Data",
  ]

  /// The field's default as a `Columns(…)` argument: its declared default value, or `nil` for an
  /// optional type declared without one, as a value of its column type; `nil` when it has none,
  /// or when its type may be a group.
  fileprivate var argumentDefault: ExprSyntax? {
    let isStandardValue = Self.standardValueTypes.contains(type.nonOptional.trimmedDescription)
    guard representation != nil || isStandardValue, let value = defaultValueOrNil else { return nil }
    if let representation { return "\(representation)(queryOutput: \(value))" }
    return "\(value) as \(type.withoutImplicitUnwrapping)"
  }
}
