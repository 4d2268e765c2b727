import SwiftDiagnostics
import SwiftSyntax

/// A case of an enum marked `@Selection` or `@Table`, and the column (or columns, for a group)
/// that stores its associated value: named after the case unless `@Column("name")` names it,
/// stored through `@Column(as:)`'s representation if it has one, and `NULL` whenever the enum
/// holds another case.
struct SelectionCase {
  /// The case's name as written in Swift, backticks included.
  let name: TokenSyntax
  /// The associated value's label, if it has one: `url` in `case link(url: URL)`.
  let label: TokenSyntax?
  /// The associated value's type, with `Self` spelled as the enum's type.
  let valueType: TypeSyntax
  /// The case's column name in the database.
  let columnName: String
  /// The `@Column(as:)` type that stores the value, if any.
  let representation: TypeSyntax?

  /// The case's column: of the associated value's type (or its representation) made optional.
  var column: ColumnProperty {
    ColumnProperty(
      name: name, columnName: columnName, type: valueType.optional,
      representation: representation?.optional, defaultValue: nil, columnAttribute: nil)
  }

  /// The cases `caseDecl` declares in an enum marked `@macro` whose type is `enumType`, one per
  /// element of `case a(A), b(B)`. Problems are appended to `diagnostics`, and the cases they
  /// concern skipped: an `indirect` declaration, a `@Column` argument a case cannot take, and
  /// cases that do not have exactly one associated value, or whose value is optional.
  static func cases(
    declaredBy caseDecl: EnumCaseDeclSyntax, enumType: TypeSyntax, macro: String, diagnostics: inout [Diagnostic]
  ) -> [SelectionCase] {
    if let indirect = caseDecl.modifiers.indirectModifier {
      diagnostics.append(MacroDiagnostic.indirectEnum(macro: macro).diagnose(at: indirect))
      return []
    }
    let attribute = ColumnAttribute(in: caseDecl.attributes)
    if let attribute {
      for case let argument? in [attribute.primaryKeyArgument, attribute.generatedArgument, attribute.lazyInitializableArgument] {
        diagnostics.append(
          MacroDiagnostic.columnArgumentOnCase(argument: argument.label?.text ?? "")
            .diagnose(at: argument, fixIts: [attribute.fixIt(removing: argument)]))
      }
      if attribute.name != nil, caseDecl.elements.count > 1 {
        diagnostics.append(MacroDiagnostic.columnNameOnSeveralCases.diagnose(at: attribute.attribute))
        return []
      }
    }
    return caseDecl.elements.compactMap {
      SelectionCase(element: $0, enumType: enumType, attribute: attribute, macro: macro, diagnostics: &diagnostics)
    }
  }

  /// Describes the case `element`, or reports why it cannot be stored in columns.
  private init?(
    element: EnumCaseElementSyntax, enumType: TypeSyntax, attribute: ColumnAttribute?, macro: String,
    diagnostics: inout [Diagnostic]
  ) {
    let caseName = element.name.identifier?.name ?? element.name.text
    guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
      let value = parameters.first
    else {
      let location = element.parameterClause.map(Syntax.init) ?? Syntax(element.name)
      diagnostics.append(
        MacroDiagnostic.caseWithoutSingleValue(macro: macro, case: caseName).diagnose(at: location))
      return nil
    }
    guard !value.type.isOptional else {
      diagnostics.append(
        MacroDiagnostic.optionalCaseValue(macro: macro, case: caseName).diagnose(at: value.type))
      return nil
    }
    self.name = element.name.trimmed
    self.label = value.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.trimmed }
    self.valueType = value.type.trimmed.replacingSelf(with: enumType)
    self.columnName = attribute?.name ?? caseName
    self.representation = attribute?.representation?.replacingSelf(with: enumType)
  }
}
