import SwiftDiagnostics
import SwiftSyntax
import TypedSQLInflection

/// What `@Table` reads from a struct: its table's name, its columns and its primary key.
struct TableSchema {
  /// The struct's type, as the compiler names it.
  let type: TypeSyntax
  /// The table's name in the database.
  let tableName: String
  /// The schema given as `@Table(schema: "main")`, if any.
  let schemaName: String?
  /// The access modifier of the generated members, followed by a space (`"public "`), or empty.
  let accessPrefix: String
  /// The columns, in declaration order.
  let columns: [ColumnProperty]
  /// The position of the primary key in ``columns``, if the table has one.
  let primaryKeyIndex: Int?
  /// Whether the struct is generic (`PragmaTableInfo<Base: Table>`): a generic type cannot
  /// store static properties, so the generated ones are computed.
  let isGeneric: Bool
  /// Whether a draft leaves every column it would otherwise have to be given to the database (the
  /// `TypedSQLLazyInitializableByDefault` trait; see `isLazyInitializable(_:)`).
  let lazyInitializableByDefault: Bool
  /// Whether the struct declares its own `static var tableFragment`: its rows come from that
  /// SQL, so the generated `tableReference` reads them from it.
  let declaresTableFragment: Bool
  /// Whether the struct has its implicit memberwise initializer, taking the columns alone (see
  /// `StructDeclSyntax.hasImplicitMemberwiseInit(takingColumns:)`): the row decoder calls it.
  let hasMemberwiseInit: Bool

  /// The primary key column, if the table has one.
  var primaryKey: ColumnProperty? { primaryKeyIndex.map { columns[$0] } }

  /// Reads the schema of `structDecl`, whose `@Table` attribute is `attribute`. Returns `nil`
  /// after appending to `diagnostics` when the struct cannot be a table.
  init?(
    of structDecl: StructDeclSyntax,
    type: some TypeSyntaxProtocol,
    attribute: AttributeSyntax,
    lexicalContext: [Syntax],
    lazyInitializableByDefault: Bool = false,
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let tableType = TypeSyntax(type.trimmed)
    let explicitName = Self.explicitTableName(in: attribute, diagnostics: &diagnostics)
    let schemaName = Self.schemaName(in: attribute, diagnostics: &diagnostics)
    let columns = structDecl.columnProperties(
      type: tableType, macro: "Table", allowsGenericType: true, diagnostics: &diagnostics)
    let primaryKeyIndex = Self.primaryKeyIndex(of: columns, diagnostics: &diagnostics)
    Self.diagnoseLazyInitializableColumns(columns, diagnostics: &diagnostics)
    guard diagnostics.count == diagnosticCount else { return nil }

    let typeName = structDecl.name.identifier?.name ?? structDecl.name.text
    self.type = tableType
    self.tableName = explicitName ?? TableNameInflection.tableName(forTypeName: typeName)
    self.schemaName = schemaName
    self.accessPrefix = structDecl.generatedAccessPrefix(in: lexicalContext)
    self.columns = columns
    self.primaryKeyIndex = primaryKeyIndex
    self.lazyInitializableByDefault = lazyInitializableByDefault
    self.isGeneric = structDecl.genericParameterClause != nil
    self.declaresTableFragment = structDecl.declaresStaticProperty(named: "tableFragment")
    self.hasMemberwiseInit = structDecl.hasImplicitMemberwiseInit(takingColumns: columns)
  }

  /// The name given as `@Table("name")`, if any.
  static func explicitTableName(
    in attribute: AttributeSyntax, diagnostics: inout [Diagnostic]
  ) -> String? {
    guard case .argumentList(let arguments) = attribute.arguments,
      let argument = arguments.first(where: { $0.label == nil })
    else { return nil }
    return NameArgument.value(of: argument.expression, macro: "Table", diagnostics: &diagnostics)
  }

  /// The schema given as `@Table(schema: "main")`, if any.
  static func schemaName(in attribute: AttributeSyntax, diagnostics: inout [Diagnostic]) -> String? {
    guard case .argumentList(let arguments) = attribute.arguments,
      let argument = arguments.first(where: { $0.label?.text == "schema" })
    else { return nil }
    return NameArgument.value(of: argument.expression, macro: "Table", diagnostics: &diagnostics)
  }

  /// Reports, with a fix-it removing the argument, a lazily initialized column that is optional
  /// (its draft's `nil` would mean both `NULL` and the default) or generated (no draft holds it).
  private static func diagnoseLazyInitializableColumns(_ columns: [ColumnProperty], diagnostics: inout [Diagnostic]) {
    for column in columns {
      guard let attribute = column.columnAttribute, attribute.isLazyInitializable,
        let argument = attribute.lazyInitializableArgument
      else { continue }
      if column.type.isOptional {
        diagnostics.append(
          MacroDiagnostic.optionalLazyInitializable(property: column.name.text)
            .diagnose(at: argument, fixIts: [attribute.fixIt(removing: argument)]))
      } else if column.isGenerated {
        diagnostics.append(
          MacroDiagnostic.generatedLazyInitializable.diagnose(at: argument, fixIts: [attribute.fixIt(removing: argument)]))
      }
    }
  }

  /// The primary key: the column marked `@Column(primaryKey: true)`, otherwise a column whose
  /// property is named `id` and not marked `@Column(primaryKey: false)`. A second column marked
  /// `primaryKey: true` is reported, with a fix-it removing the argument, and so is a generated
  /// primary key.
  private static func primaryKeyIndex(
    of columns: [ColumnProperty], diagnostics: inout [Diagnostic]
  ) -> Int? {
    var markedIndex: Int?
    for (index, column) in columns.enumerated() {
      guard let attribute = column.columnAttribute, attribute.primaryKey == true,
        let argument = attribute.primaryKeyArgument
      else { continue }
      guard let firstIndex = markedIndex else {
        markedIndex = index
        continue
      }
      diagnostics.append(
        MacroDiagnostic.secondPrimaryKey(
          property: column.name.text, primaryKey: columns[firstIndex].name.text
        ).diagnose(at: argument, fixIts: [attribute.fixIt(removing: argument)]))
    }
    let primaryKeyIndex =
      markedIndex
      ?? columns.firstIndex {
        $0.name.identifier?.name == "id" && $0.columnAttribute?.primaryKey != false
      }
    if let primaryKeyIndex, let attribute = columns[primaryKeyIndex].columnAttribute,
      attribute.isGenerated, let generated = attribute.generatedArgument
    {
      diagnostics.append(MacroDiagnostic.generatedPrimaryKey.diagnose(at: generated))
    }
    return primaryKeyIndex
  }
}

extension StructDeclSyntax {
  /// Whether the struct's body declares a static (or class) property called `name`.
  fileprivate func declaresStaticProperty(named name: String) -> Bool {
    memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self), variable.isTypeProperty else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      }
    }
  }
}
