import SwiftDiagnostics
import SwiftSyntax

/// What `@Selection` reads from a struct: its fields, each a column or a nested group.
struct SelectionSchema {
  /// The struct's type, as the compiler names it.
  let type: TypeSyntax
  /// The access modifier of the generated members, followed by a space (`"public "`), or empty.
  let accessPrefix: String
  /// The fields, in declaration order.
  let columns: [ColumnProperty]
  /// Whether the struct has its implicit memberwise initializer, taking the fields alone (see
  /// `StructDeclSyntax.hasImplicitMemberwiseInit(takingColumns:)`): the row decoder calls it.
  let hasMemberwiseInit: Bool

  /// Reads the fields of `structDecl`. Returns `nil` after appending to `diagnostics` when the
  /// struct cannot be a selection.
  init?(
    of structDecl: StructDeclSyntax, type: some TypeSyntaxProtocol, lexicalContext: [Syntax],
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let selectionType = TypeSyntax(type.trimmed)
    let columns = structDecl.columnProperties(
      type: selectionType, macro: "Selection", diagnostics: &diagnostics)
    for column in columns {
      Self.diagnoseTableOnlyArguments(of: column, diagnostics: &diagnostics)
    }
    guard diagnostics.count == diagnosticCount else { return nil }

    self.type = selectionType
    self.accessPrefix = structDecl.generatedAccessPrefix(in: lexicalContext)
    self.columns = columns
    self.hasMemberwiseInit = structDecl.hasImplicitMemberwiseInit(takingColumns: columns)
  }

  /// Reports, with a fix-it removing it, each `@Column` argument of `column` that only a table
  /// column can have: a group has no primary key, and its columns are never left to a default.
  /// (A group's column may be generated: inserting the group leaves it to the database.)
  private static func diagnoseTableOnlyArguments(
    of column: ColumnProperty, diagnostics: inout [Diagnostic]
  ) {
    guard let attribute = column.columnAttribute else { return }
    for case let argument? in [attribute.primaryKeyArgument, attribute.lazyInitializableArgument] {
      diagnostics.append(
        MacroDiagnostic.columnArgumentInSelection(argument: argument.label?.text ?? "")
          .diagnose(at: argument, fixIts: [attribute.fixIt(removing: argument)]))
    }
  }
}
