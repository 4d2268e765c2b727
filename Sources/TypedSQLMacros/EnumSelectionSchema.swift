import SwiftDiagnostics
import SwiftSyntax

/// What `@Selection` (or `@Table`) reads from an enum: its cases, each stored in columns of its
/// own that are `NULL` unless the enum holds that case ("single-table inheritance").
struct EnumSelectionSchema {
  /// The enum's type, as the compiler names it.
  let type: TypeSyntax
  /// The access modifier of the generated members, followed by a space (`"public "`), or empty.
  let accessPrefix: String
  /// The cases, in declaration order.
  let cases: [SelectionCase]

  /// Reads the cases of `enumDecl`, marked `@macro`. Returns `nil` after appending to
  /// `diagnostics` when the enum cannot be stored in columns: it is generic or `indirect`, has
  /// no case, or has a case that columns cannot store.
  init?(
    of enumDecl: EnumDeclSyntax,
    type: some TypeSyntaxProtocol,
    macro: String,
    lexicalContext: [Syntax],
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let selectionType = TypeSyntax(type.trimmed)
    if let genericParameterClause = enumDecl.genericParameterClause {
      diagnostics.append(
        MacroDiagnostic.onGenericType(macro: macro).diagnose(at: genericParameterClause))
    }
    if let indirect = enumDecl.modifiers.indirectModifier {
      diagnostics.append(MacroDiagnostic.indirectEnum(macro: macro).diagnose(at: indirect))
    }
    let cases = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap {
        SelectionCase.cases(declaredBy: $0, enumType: selectionType, macro: macro, diagnostics: &diagnostics)
      }
    guard diagnostics.count == diagnosticCount else { return nil }
    guard !cases.isEmpty else {
      diagnostics.append(MacroDiagnostic.enumWithoutCases(macro: macro).diagnose(at: enumDecl.name))
      return nil
    }

    self.type = selectionType
    self.accessPrefix = enumDecl.generatedAccessPrefix(in: lexicalContext)
    self.cases = cases
  }
}

extension EnumDeclSyntax {
  /// Whether this enum is marked `@CasePathable` (or `@CasePaths.CasePathable`), which gives
  /// each of its cases a case path.
  var isCasePathable: Bool {
    attributes.contains {
      guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
        return false
      }
      return ["CasePathable", "CasePaths.CasePathable"].contains(name)
    }
  }
}

extension DeclModifierListSyntax {
  /// The `indirect` modifier among these modifiers of an enum or a case, if any.
  var indirectModifier: DeclModifierSyntax? {
    first { $0.name.tokenKind == .keyword(.indirect) }
  }
}
