import SwiftDiagnostics
import SwiftSyntax

extension StructDeclSyntax {
  /// The columns of this struct's stored instance properties, in declaration order, as the
  /// attached macro `@macro` (`@Table` or `@Selection`) reads them, with `Self` in their types
  /// spelled `type`. Problems are appended to `diagnostics`: a generic struct, unless
  /// `allowsGenericType` (a table), and properties that cannot be columns.
  func columnProperties(
    type: TypeSyntax, macro: String, allowsGenericType: Bool = false, diagnostics: inout [Diagnostic]
  ) -> [ColumnProperty] {
    if !allowsGenericType, let genericParameterClause {
      diagnostics.append(
        MacroDiagnostic.onGenericType(macro: macro).diagnose(at: genericParameterClause))
    }
    return memberBlock.members
      .compactMap { $0.decl.as(VariableDeclSyntax.self) }
      .flatMap { ColumnProperty.columns(declaredBy: $0, macro: macro, diagnostics: &diagnostics) }
      .map { $0.resolvingSelf(as: type) }
  }
}
