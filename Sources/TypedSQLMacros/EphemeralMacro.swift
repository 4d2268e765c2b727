import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Ephemeral`: a marker that keeps a stored property of a `@Table` or `@Selection` struct out
/// of the database; the row decoder leaves it at its default value.
///
/// It adds nothing itself; it only checks that it is attached to a single stored instance
/// property. The struct's macro reports a missing default value.
public enum EphemeralMacro: PeerMacro {
  /// Reports misuses of the attribute `node` on `declaration`; adds no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    PropertyMarker.diagnosePlacement(of: node, on: declaration, macro: "Ephemeral", in: context)
    return []
  }
}

extension VariableDeclSyntax {
  /// Whether this is marked `@Ephemeral`, so that it declares no column.
  var isEphemeral: Bool { attributes.attribute(named: "Ephemeral") != nil }

  /// An error, with a fix-it inserting ` = <#default#>`, for each stored binding that has no
  /// default value: the row decoder never assigns an `@Ephemeral` property. A `var` of type `T?`
  /// needs none, since it starts as `nil`.
  var ephemeralDefaultValueDiagnostics: [Diagnostic] {
    bindings.filter { $0.isStored && $0.initializer == nil && !startsAsNil($0) }.map { binding in
      MacroDiagnostic.ephemeralWithoutDefault(property: binding.pattern.trimmedDescription)
        .diagnose(
          at: binding.pattern,
          fixIts: [
            FixIt(
              message: MacroFixIt.insertDefaultValue,
              changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(withDefault(binding)))])
          ])
    }
  }

  /// `binding` followed by ` = <#default#>`, before any trivia that followed its type.
  private func withDefault(_ binding: PatternBindingSyntax) -> PatternBindingSyntax {
    var result = binding
    let trivia: Trivia
    if let typeAnnotation = binding.typeAnnotation {
      trivia = typeAnnotation.trailingTrivia
      result.typeAnnotation = typeAnnotation.with(\.trailingTrivia, [])
    } else {
      trivia = binding.pattern.trailingTrivia
      result.pattern = binding.pattern.with(\.trailingTrivia, [])
    }
    result.initializer = InitializerClauseSyntax(
      equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space),
      value: EditorPlaceholderExprSyntax(placeholder: .identifier("<#default#>")),
      trailingTrivia: trivia)
    return result
  }

  /// Whether `binding` is a `var` of type `T?` or `T!`, which Swift initializes to `nil`.
  private func startsAsNil(_ binding: PatternBindingSyntax) -> Bool {
    guard bindingSpecifier.tokenKind == .keyword(.var), let type = binding.typeAnnotation?.type
    else { return false }
    return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
  }
}
