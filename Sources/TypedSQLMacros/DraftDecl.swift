import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `Draft` type of a table with a primary key or a lazily initialized column: a
  /// row whose primary key and lazily initialized columns are optional, so that it can be
  /// inserted before the database assigns them, and that leaves generated columns out. `nil`
  /// when the table has neither.
  func draftDecl() throws -> StructDeclSyntax? {
    guard primaryKeyIndex != nil || columns.contains(where: isLazyInitializable) else { return nil }
    let fields = columns.indices.map {
      DraftField(
        column: columns[$0], isPrimaryKey: $0 == primaryKeyIndex, isLazyInitializable: isLazyInitializable(columns[$0]))
    }
    let draftProperties = fields.filter { !$0.column.isGenerated }
    let parameters = FunctionParameterListSyntax {
      for field in draftProperties {
        FunctionParameterSyntax("\(field.column.name): \(field.type)\(field.defaultClause)")
      }
    }
    return try StructDeclSyntax("\(raw: accessPrefix)nonisolated struct Draft: TypedSQLCore.TableDraft") {
      DeclSyntax("\(raw: accessPrefix)typealias Into = \(type)")
      for field in draftProperties {
        DeclSyntax(
          "\(raw: accessPrefix)var \(field.column.name): \(field.type)\(field.defaultClause)")
      }
      try InitializerDeclSyntax("\(raw: accessPrefix)init(\(parameters))") {
        for field in draftProperties {
          "self.\(field.column.name) = \(field.column.name)"
        }
      }
      let rowArguments = draftProperties.map { "\($0.column.name): row.\($0.column.name)" }.joined(separator: ", ")
      try InitializerDeclSyntax("\(raw: accessPrefix)init(_ row: \(type))") {
        "self.init(\(raw: rowArguments))"
      }
      try FunctionDeclSyntax(
        "\(raw: accessPrefix)func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder)"
      ) {
        for field in fields {
          field.encodeStatement
        }
      }
    }
  }

  /// Whether a draft may leave `column` to the database: as `@Column(lazyInitializable:)` says,
  /// or, when no argument says and columns are lazily initialized by default (the
  /// `TypedSQLLazyInitializableByDefault` trait), whether a draft would otherwise have to be given
  /// the column's value: it is stored, not optional, and has no default value.
  func isLazyInitializable(_ column: ColumnProperty) -> Bool {
    if let attribute = column.columnAttribute, attribute.lazyInitializableArgument != nil {
      return attribute.isLazyInitializable
    }
    return lazyInitializableByDefault && !column.isGenerated && !column.type.isOptional && column.defaultValue == nil
  }
}

/// A column of a table's `Draft`: a property made optional if the database may fill it in (the
/// primary key, a lazily initialized column), or no property at all if the column is generated.
private struct DraftField {
  /// The table's column.
  let column: ColumnProperty
  /// Whether the column is the table's primary key.
  let isPrimaryKey: Bool
  /// Whether a draft may leave the column to the database, as `@Column(lazyInitializable:)` or
  /// lazy initialization by default says.
  let isLazyInitializable: Bool

  /// Whether a draft may leave the column to the database: `nil` means its default.
  var isLeftToDatabase: Bool { isPrimaryKey || isLazyInitializable }

  /// The field's type: the column's, made optional when the database may fill it in.
  var type: TypeSyntax { isLeftToDatabase ? column.type.optional : column.type }

  /// The field's default value: `nil` when the database may fill the column in, and for optional
  /// columns without one; otherwise the column's default value, if any.
  var defaultValue: ExprSyntax? {
    if isLeftToDatabase || (column.defaultValue == nil && column.type.isOptional) {
      return ExprSyntax(NilLiteralExprSyntax())
    }
    return column.defaultValue
  }

  /// ` = defaultValue`, or nothing when the field has no default value.
  var defaultClause: InitializerClauseSyntax? {
    // Spaces around `=` keep `= -1` from lexing as the operator `=-`.
    defaultValue.map {
      InitializerClauseSyntax(
        equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: $0)
    }
  }

  /// Appends the field's value to `values`; a missing primary key or lazily initialized value,
  /// and a generated column, leave the column to the database.
  var encodeStatement: CodeBlockItemSyntax {
    if column.isGenerated { return "values.appendDefault()" }
    guard isLeftToDatabase else { return column.encodeStatement }
    let label = isPrimaryKey ? "primaryKey" : "orDefault"
    guard let representation = column.representation else {
      return "values.append(\(raw: label): \(column.name))"
    }
    return "values.append(\(raw: label): \(column.name).map(\(representation).init(queryOutput:)))"
  }
}
