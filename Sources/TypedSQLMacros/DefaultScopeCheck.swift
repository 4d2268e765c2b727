import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// Checks a table's default scope, the `static let all` (or `static var all`) a `@Table` struct
/// declares: it must start from `unscoped`. Every entry point of the table (`Self.where`,
/// `order`, …) starts from `all`, so a scope written `Self.where { … }` would start from itself
/// and never finish; it is reported with a fix-it that starts it from `unscoped`.
enum DefaultScopeCheck {
  /// The table's entry points that start from `all`.
  private static let entryPoints: Set<String> = [
    "all", "where", "select", "order", "group", "limit", "count", "find", "join", "leftJoin", "rightJoin",
    "fullJoin", "update", "delete",
  ]

  /// The problems with the default scope of `structDecl`, whose type is named `typeName`.
  static func diagnostics(of structDecl: StructDeclSyntax, typeName: String) -> [Diagnostic] {
    scopeExpressions(in: structDecl).compactMap { expression in
      diagnostic(for: expression, typeName: typeName)
    }
  }

  /// The expressions that declare `all`: a stored property's initial value, or a computed
  /// property's single expression.
  private static func scopeExpressions(in structDecl: StructDeclSyntax) -> [ExprSyntax] {
    structDecl.memberBlock.members.flatMap { member -> [ExprSyntax] in
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { return [] }
      return variable.bindings.compactMap { binding -> ExprSyntax? in
        guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "all" else { return nil }
        if let value = binding.initializer?.value { return value }
        guard case .getter(let body) = binding.accessorBlock?.accessors, body.count == 1,
          let item = body.first?.item
        else { return nil }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        return item.as(ExprSyntax.self)
      }
    }
  }

  /// The error for a scope that starts from the table's own entry points, if it does.
  private static func diagnostic(for expression: ExprSyntax, typeName: String) -> Diagnostic? {
    var node = expression
    var firstMember: DeclReferenceExprSyntax?
    while true {
      if let call = node.as(FunctionCallExprSyntax.self) {
        node = call.calledExpression
      } else if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
        firstMember = member.declName
        node = base
      } else if let tried = node.as(TryExprSyntax.self) {
        node = tried.expression
      } else {
        break
      }
    }
    guard let root = node.as(DeclReferenceExprSyntax.self) else { return nil }
    let rootName = root.baseName.identifier?.name ?? root.baseName.text
    let isTable = rootName == "Self" || rootName == typeName
    let entryPoint = isTable ? firstMember.map { $0.baseName.identifier?.name ?? $0.baseName.text } : rootName
    guard let entryPoint, entryPoints.contains(entryPoint) else { return nil }
    let written = isTable ? "\(root.trimmedDescription).\(entryPoint)" : entryPoint
    let replacement: ExprSyntax = isTable ? "\(root.trimmed).unscoped" : "unscoped.\(root.trimmed)"
    return MacroDiagnostic.defaultScopeStartsFromItself(written: written).diagnose(
      at: root,
      fixIts: [
        FixIt(
          message: MacroFixIt.startFromUnscoped,
          changes: [.replace(oldNode: Syntax(root), newNode: Syntax(replacement.with(\.leadingTrivia, root.leadingTrivia).with(\.trailingTrivia, root.trailingTrivia)))])
      ])
  }
}
