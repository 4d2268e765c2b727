import SwiftDiagnostics
import SwiftSyntaxBuilder
import SwiftSyntax
import SwiftSyntaxMacros

/// What `@DatabaseFunction` reads from a function or computed property: its name in SQL, whether
/// it is deterministic, its arguments and result (with the representations `as:` gives them),
/// whether it is an aggregate, and what it is called on.
struct DatabaseFunctionSchema {
  /// What the generated closure calls the function on.
  enum Owner {
    /// Nothing: a global or local function.
    case none
    /// The type that declares a static function, as the generated code names it.
    case type(TypeSyntax)
    /// The value whose instance method or property it is, captured by the `$` value.
    case instance
    /// The object of a class whose instance method or property it is, held weakly.
    case object
  }

  /// An aggregate's row: what its one sequence parameter receives per row.
  struct Aggregate {
    /// The sequence parameter's argument label, `_` when there is none.
    let label: TokenSyntax
    /// Whether a row is a tuple of several arguments, such as `(String, separator: String)`.
    let isTuple: Bool
  }

  /// The function's name as written, backticks included, for calling it.
  let functionName: TokenSyntax
  /// The function's name without backticks: what the generated names are built from.
  let baseName: String
  /// The function's name in SQL.
  let sqlName: String
  /// Whether SQLite may treat the function as deterministic.
  let isDeterministic: Bool
  /// Whether it is a computed property, read without a call.
  let isProperty: Bool
  /// The arguments SQL passes, in order: an aggregate's are those of one row.
  let parameters: [DatabaseFunctionParameter]
  /// The aggregate's row, `nil` for a scalar function.
  let aggregate: Aggregate?
  /// The result type the Swift function returns; `nil` when it returns nothing.
  let resultType: TypeSyntax?
  /// The result type SQL receives: the representation `as:` gives, the Swift result type, or
  /// `SQLiteFunctionVoid` for a function that returns nothing.
  let sqlResultType: TypeSyntax
  /// Whether the function throws, so that calling it takes `try`.
  let isThrowing: Bool
  /// What the function is called on.
  let owner: Owner
  /// The function's access modifier followed by a space (`"public "`), or empty.
  let accessPrefix: String

  /// Whether SQL passes the result in a representation built from the Swift result.
  var isResultRepresented: Bool {
    resultType.map { $0.trimmedDescription != sqlResultType.trimmedDescription } ?? false
  }

  /// Reads `declaration`, whose `@DatabaseFunction` attribute is `attribute`, declared in the
  /// lexical context of `context`. Returns `nil` after appending to `diagnostics` when SQLite
  /// cannot call it.
  init?(
    of declaration: some DeclSyntaxProtocol,
    attribute: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let arguments = Self.attributeArguments(of: attribute, diagnostics: &diagnostics)
    let enclosingType = context.lexicalContext.first.flatMap(Self.typeName(of:))
    let modifiers: DeclModifierListSyntax
    let name: TokenSyntax
    if let function = declaration.as(FunctionDeclSyntax.self) {
      guard function.name.identifier != nil else {
        diagnostics.append(MacroDiagnostic.onOperator.diagnose(at: function.name))
        return nil
      }
      guard
        let shape = FunctionShape(
          function, representation: arguments.representation, selfType: enclosingType,
          diagnostics: &diagnostics)
      else { return nil }
      modifiers = function.modifiers
      name = function.name
      self.isProperty = false
      self.parameters = shape.parameters
      self.aggregate = shape.aggregate
      self.resultType = shape.resultType
      self.sqlResultType = shape.sqlResultType
      self.isThrowing = shape.isThrowing
    } else if let variable = declaration.as(VariableDeclSyntax.self),
      let property = ComputedProperty(variable)
    {
      let sqlResultType: TypeSyntax
      if let representation = arguments.representation {
        guard let type = representation.typeLiteral else {
          diagnostics.append(
            MacroDiagnostic.functionRepresentationMismatch(expected: "a type literal, such as 'Representation.self'")
              .diagnose(at: representation))
          return nil
        }
        sqlResultType = type
      } else {
        sqlResultType = property.type
      }
      modifiers = variable.modifiers
      name = property.name
      self.isProperty = true
      self.parameters = []
      self.aggregate = nil
      self.resultType = (enclosingType.map(property.type.replacingSelf(with:)) ?? property.type).trimmed
      self.sqlResultType = (enclosingType.map(sqlResultType.replacingSelf(with:)) ?? sqlResultType).trimmed
      self.isThrowing = property.isThrowing
    } else {
      diagnostics.append(MacroDiagnostic.notOnFunction.diagnose(at: attribute))
      return nil
    }
    guard diagnostics.count == diagnosticCount, let identifier = name.identifier else { return nil }

    let isStatic = modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
    let isInClass = context.lexicalContext.first?.is(ClassDeclSyntax.self) == true
    self.functionName = name.trimmed
    self.baseName = identifier.name
    self.sqlName = arguments.name ?? identifier.name
    self.isDeterministic = arguments.isDeterministic
    self.owner =
      switch (enclosingType, isStatic, isInClass) {
      case (nil, _, _): .none
      case (let type?, true, _): .type(type)
      case (_, false, true): .object
      case (_, false, false): .instance
      }
    self.accessPrefix = modifiers.accessPrefix
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

  /// The arguments of `@DatabaseFunction(_ name:as:isDeterministic:)`: the SQL name, if given,
  /// the representation expression, if given, and whether the function is deterministic
  /// (`false` unless given). Arguments that are not literals are reported, and read as absent.
  private static func attributeArguments(
    of attribute: AttributeSyntax, diagnostics: inout [Diagnostic]
  ) -> (name: String?, representation: ExprSyntax?, isDeterministic: Bool) {
    var name: String?
    var representation: ExprSyntax?
    var isDeterministic = false
    guard case .argumentList(let arguments) = attribute.arguments else {
      return (name, representation, isDeterministic)
    }
    for argument in arguments {
      switch argument.label?.text {
      case nil:
        name = NameArgument.value(
          of: argument.expression, macro: "DatabaseFunction", diagnostics: &diagnostics)
      case "as":
        representation = argument.expression
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
    return (name, representation, isDeterministic)
  }
}

/// A computed property `@DatabaseFunction` can make a function of no arguments: one binding
/// with a name, a type annotation and a getter.
private struct ComputedProperty {
  let name: TokenSyntax
  let type: TypeSyntax
  let isThrowing: Bool

  init?(_ variable: VariableDeclSyntax) {
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type, let accessors = binding.accessorBlock?.accessors
    else { return nil }
    switch accessors {
    case .getter:
      isThrowing = false
    case .accessors(let list):
      guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) else {
        return nil
      }
      isThrowing = getter.effectSpecifiers?.throwsClause != nil
    }
    name = pattern.identifier
    self.type = type.trimmed
  }
}

extension ExprSyntax {
  /// The type `Type` of a type literal `Type.self`, or of `(Type).self`.
  var typeLiteral: TypeSyntax? {
    guard let access = self.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.self), let base = access.base
    else { return nil }
    var text = base.trimmedDescription
    if let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      text = only.expression.trimmedDescription
    }
    return TypeSyntax(stringLiteral: text)
  }
}
