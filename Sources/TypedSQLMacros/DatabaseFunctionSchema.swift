import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What `@DatabaseFunction` reads from a function: its name in SQL, whether it is deterministic,
/// its parameters and result, whether it is an aggregate, and where it is declared.
struct DatabaseFunctionSchema {
  /// The function's name as written, backticks included, for calling it.
  let functionName: TokenSyntax
  /// The function's name without backticks: what the generated names are built from.
  let baseName: String
  /// The function's name in SQL.
  let sqlName: String
  /// Whether SQLite may treat the function as deterministic.
  let isDeterministic: Bool
  /// The parameters, in order: for an aggregate, its one sequence parameter.
  let parameters: [DatabaseFunctionParameter]
  /// The function's result type.
  let resultType: TypeSyntax
  /// Whether the function throws, so that calling it takes `try`.
  let isThrowing: Bool
  /// The type that declares a static function, as the generated code names it; `nil` for a
  /// global function.
  let enclosingType: TypeSyntax?
  /// Whether the function is `static` (or `class`), so that its `$` value is a static property.
  let isStatic: Bool
  /// The function's access modifier followed by a space (`"public "`), or empty.
  let accessPrefix: String

  /// Whether the function is an aggregate, whose sequence parameter receives the values of a
  /// group's rows, rather than a scalar function called once per row.
  var isAggregate: Bool { parameters.contains(where: \.isSequence) }

  /// Reads `function`, whose `@DatabaseFunction` attribute is `attribute`, declared in the
  /// lexical context of `context`. Returns `nil` after appending to `diagnostics` when SQLite
  /// cannot call the function.
  init?(
    of function: FunctionDeclSyntax,
    attribute: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    guard let identifier = function.name.identifier else {
      diagnostics.append(MacroDiagnostic.onOperator.diagnose(at: function.name))
      return nil
    }
    let enclosingType = context.lexicalContext.first.flatMap(Self.typeName(of:))
    let isStatic = function.modifiers.contains {
      [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
    }
    if enclosingType != nil, !isStatic {
      diagnostics.append(
        MacroDiagnostic.onInstanceMethod.diagnose(
          at: attribute, fixIts: [Self.insertingStatic(into: function)]))
    }
    if let genericParameters = function.genericParameterClause {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: genericParameters))
    }
    let effects = function.signature.effectSpecifiers
    if let effects, let asyncSpecifier = effects.asyncSpecifier {
      diagnostics.append(
        MacroDiagnostic.asyncDatabaseFunction.diagnose(
          at: asyncSpecifier,
          fixIts: [
            FixIt(
              message: MacroFixIt.removeAsync,
              changes: [
                .replace(
                  oldNode: Syntax(effects), newNode: Syntax(effects.with(\.asyncSpecifier, nil)))
              ])
          ]))
    }
    let resultType = Self.resultType(of: function, diagnostics: &diagnostics)
    let parameterList = function.signature.parameterClause.parameters
    let parameters = parameterList.compactMap {
      DatabaseFunctionParameter(
        $0, isOnlyParameter: parameterList.count == 1, selfType: enclosingType, in: context,
        diagnostics: &diagnostics)
    }
    let arguments = Self.attributeArguments(of: attribute, diagnostics: &diagnostics)
    guard diagnostics.count == diagnosticCount, let resultType else { return nil }

    self.functionName = function.name.trimmed
    self.baseName = identifier.name
    self.sqlName = arguments.name ?? identifier.name
    self.isDeterministic = arguments.isDeterministic
    self.parameters = parameters
    self.resultType = enclosingType.map(resultType.replacingSelf(with:)) ?? resultType
    self.isThrowing = effects?.throwsClause != nil
    self.enclosingType = enclosingType
    self.isStatic = isStatic
    self.accessPrefix = function.modifiers.accessPrefix
  }

  /// The name of the type or extension `context` declares, when the innermost lexical context of
  /// a function is one; `nil` for any other context, such as a file or a function body.
  private static func typeName(of context: Syntax) -> TypeSyntax? {
    switch context.as(DeclSyntax.self)?.as(DeclSyntaxEnum.self) {
    case .structDecl(let decl): TypeSyntax(IdentifierTypeSyntax(name: decl.name.trimmed))
    case .enumDecl(let decl): TypeSyntax(IdentifierTypeSyntax(name: decl.name.trimmed))
    case .classDecl(let decl): TypeSyntax(IdentifierTypeSyntax(name: decl.name.trimmed))
    case .actorDecl(let decl): TypeSyntax(IdentifierTypeSyntax(name: decl.name.trimmed))
    case .protocolDecl(let decl): TypeSyntax(IdentifierTypeSyntax(name: decl.name.trimmed))
    case .extensionDecl(let decl): decl.extendedType.trimmed
    default: nil
    }
  }

  /// A fix-it that makes the method `function` static, keeping the spacing before its first
  /// keyword.
  private static func insertingStatic(into function: FunctionDeclSyntax) -> FixIt {
    var fixed = function
    var staticModifier = DeclModifierSyntax(
      name: .keyword(.static), trailingTrivia: .space)
    if function.modifiers.isEmpty {
      staticModifier.leadingTrivia = function.funcKeyword.leadingTrivia
      fixed.funcKeyword.leadingTrivia = []
    }
    fixed.modifiers.append(staticModifier)
    return FixIt(
      message: MacroFixIt.insertStatic,
      changes: [.replace(oldNode: Syntax(function), newNode: Syntax(fixed))])
  }

  /// The result type of `function`, without surrounding trivia; `nil`, reported, when it returns
  /// nothing (no result type, `Void` or `()`) or an opaque `some` type.
  private static func resultType(
    of function: FunctionDeclSyntax, diagnostics: inout [Diagnostic]
  ) -> TypeSyntax? {
    guard let type = function.signature.returnClause?.type else {
      diagnostics.append(MacroDiagnostic.databaseFunctionWithoutResult.diagnose(at: function.name))
      return nil
    }
    if ["Void", "Swift.Void"].contains(type.trimmedDescription)
      || type.as(TupleTypeSyntax.self)?.elements.isEmpty == true
    {
      diagnostics.append(MacroDiagnostic.databaseFunctionWithoutResult.diagnose(at: type))
      return nil
    }
    if let opaqueType = type.opaqueType {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: opaqueType))
      return nil
    }
    return type.trimmed
  }

  /// The arguments of `@DatabaseFunction(_ name:isDeterministic:)`: the SQL name, if given, and
  /// whether the function is deterministic (`false` unless given). Arguments that are not
  /// literals are reported, and read as absent.
  private static func attributeArguments(
    of attribute: AttributeSyntax, diagnostics: inout [Diagnostic]
  ) -> (name: String?, isDeterministic: Bool) {
    var name: String?
    var isDeterministic = false
    guard case .argumentList(let arguments) = attribute.arguments else {
      return (name, isDeterministic)
    }
    for argument in arguments {
      switch argument.label?.text {
      case nil:
        name = NameArgument.value(
          of: argument.expression, macro: "DatabaseFunction", diagnostics: &diagnostics)
      case "isDeterministic":
        guard let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else {
          diagnostics.append(
            MacroDiagnostic.isDeterministicNotBooleanLiteral.diagnose(at: argument.expression))
          continue
        }
        isDeterministic = literal.literal.tokenKind == .keyword(.true)
      default:
        break
      }
    }
    return (name, isDeterministic)
  }
}
