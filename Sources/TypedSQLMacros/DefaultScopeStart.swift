import SwiftSyntax
import SwiftSyntaxBuilder

/// Reads a table's default scope, the `static let all` (or `static var all`) a `@Table` struct
/// declares, when it is written from the table's own entry points, as StructuredQueries writes it:
/// `static let all = Self.where { !$0.isDeleted }`. Every entry point (`Self.where`, `order`, …)
/// starts from the default scope, so that one would start from itself; `@Table` writes the same
/// query started from `unscoped` as the table's `_typedSQLScopeStart`, which the entry points
/// start from instead.
enum DefaultScopeStart {
  /// The table's entry points that start from its default scope.
  private static let entryPoints: Set<String> = [
    "all", "where", "select", "order", "group", "limit", "count", "find", "join", "leftJoin", "rightJoin",
    "fullJoin", "update", "delete",
  ]

  /// The default scope of `structDecl` (whose type is named `typeName`) started from
  /// `unscoped`, when it is written from the table's own entry points; `nil` otherwise.
  static func expression(in structDecl: StructDeclSyntax, typeName: String) -> ExprSyntax? {
    scopeExpressions(in: structDecl).lazy.compactMap { startedFromUnscoped($0, typeName: typeName) }.first
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

  /// `expression` with its root, the table (`Self.where`) or a bare entry point (`where`),
  /// started from `unscoped`; `nil` when it does not start from one of the table's entry points.
  private static func startedFromUnscoped(_ expression: ExprSyntax, typeName: String) -> ExprSyntax? {
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
    // The root is the expression's first token: write the replacement in its place.
    let text = expression.trimmedDescription
    let offset = root.positionAfterSkippingLeadingTrivia.utf8Offset - expression.positionAfterSkippingLeadingTrivia.utf8Offset
    let bytes = Array(text.utf8)
    let before = String(decoding: bytes[..<offset], as: UTF8.self)
    let after = String(decoding: bytes[(offset + root.trimmedLength.utf8Length)...], as: UTF8.self)
    let replacement = isTable ? "\(root.trimmedDescription).unscoped" : "unscoped.\(root.trimmedDescription)"
    return ExprSyntax("\(raw: before + replacement + after)")
  }
}
