import SwiftDiagnostics
import SwiftSyntax

/// A case of an enum marked `@Selection`, and the column (or columns, for a group) that stores
/// its associated value: named after the case, and `NULL` whenever the enum holds another case.
struct SelectionCase {
  /// The case's name as written in Swift, backticks included.
  let name: TokenSyntax
  /// The associated value's label, if it has one: `url` in `case link(url: URL)`.
  let label: TokenSyntax?
  /// The associated value's type, with `Self` spelled as the enum's type.
  let valueType: TypeSyntax

  /// The case's column: named after the case, of the associated value's type made optional.
  var column: ColumnProperty {
    ColumnProperty(
      name: name, columnName: name.identifier?.name ?? name.text, type: valueType.optional,
      representation: nil, defaultValue: nil, columnAttribute: nil)
  }

  /// The cases `caseDecl` declares in an enum whose type is `enumType`, one per element of
  /// `case a(A), b(B)`. Problems are appended to `diagnostics`, and the cases they concern
  /// skipped: an `indirect` declaration, and cases that do not have exactly one associated
  /// value, or whose value is optional.
  static func cases(
    declaredBy caseDecl: EnumCaseDeclSyntax, enumType: TypeSyntax, diagnostics: inout [Diagnostic]
  ) -> [SelectionCase] {
    if let indirect = caseDecl.modifiers.indirectModifier {
      diagnostics.append(MacroDiagnostic.indirectEnum.diagnose(at: indirect))
      return []
    }
    return caseDecl.elements.compactMap {
      SelectionCase(element: $0, enumType: enumType, diagnostics: &diagnostics)
    }
  }

  /// Describes the case `element`, or reports why it cannot be stored in columns.
  private init?(
    element: EnumCaseElementSyntax, enumType: TypeSyntax, diagnostics: inout [Diagnostic]
  ) {
    let caseName = element.name.identifier?.name ?? element.name.text
    guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
      let value = parameters.first
    else {
      let location = element.parameterClause.map(Syntax.init) ?? Syntax(element.name)
      diagnostics.append(
        MacroDiagnostic.caseWithoutSingleValue(case: caseName).diagnose(at: location))
      return nil
    }
    guard !value.type.isOptional else {
      diagnostics.append(MacroDiagnostic.optionalCaseValue(case: caseName).diagnose(at: value.type))
      return nil
    }
    self.name = element.name.trimmed
    self.label = value.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.trimmed }
    self.valueType = value.type.trimmed.replacingSelf(with: enumType)
  }
}
