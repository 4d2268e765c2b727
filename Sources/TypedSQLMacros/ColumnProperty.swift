import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// A stored property of a `@Table` or `@Selection` struct, and the column (or columns, for a
/// group) it maps to.
struct ColumnProperty {
  /// The property's name as written in Swift, backticks included.
  let name: TokenSyntax
  /// The column's name in the database.
  let columnName: String
  /// The property's Swift type, with `T!` spelled `T?`.
  let type: TypeSyntax
  /// The `@Column(as:)` type that stores the value, if any.
  let representation: TypeSyntax?
  /// The property's default value, without surrounding whitespace or comments.
  let defaultValue: ExprSyntax?
  /// The property's `@Column` attribute, if any.
  let columnAttribute: ColumnAttribute?

  /// The type of the column's handle, and of the value a row stores: the representation if any,
  /// otherwise the property's type.
  var columnType: TypeSyntax { representation ?? type }

  /// The property's declared default value, or `nil` for an optional type declared without one
  /// (unless a representation that is not optional stores it); `nil` when it has neither.
  var defaultValueOrNil: ExprSyntax? {
    if let defaultValue { return defaultValue }
    guard type.isOptional, representation?.isOptional ?? true else { return nil }
    return "nil"
  }

  /// Whether the database computes the column, as `@Column(generated:)` declares.
  var isGenerated: Bool { columnAttribute?.isGenerated ?? false }

  /// This column with `Self` in its types spelled as `tableType`, for use in generated types.
  func resolvingSelf(as tableType: TypeSyntax) -> ColumnProperty {
    ColumnProperty(
      name: name, columnName: columnName, type: type.replacingSelf(with: tableType),
      representation: representation?.replacingSelf(with: tableType), defaultValue: defaultValue,
      columnAttribute: columnAttribute)
  }

  /// A column from its parts: a property's column with rewritten types, or the column of an enum
  /// selection's case, which is no property.
  init(
    name: TokenSyntax, columnName: String, type: TypeSyntax, representation: TypeSyntax?,
    defaultValue: ExprSyntax?, columnAttribute: ColumnAttribute?
  ) {
    self.name = name
    self.columnName = columnName
    self.type = type
    self.representation = representation
    self.defaultValue = defaultValue
    self.columnAttribute = columnAttribute
  }

  /// The columns `variable` declares in a struct marked `@macro`, one per binding: none for type
  /// properties, computed properties and `@Ephemeral` properties. Problems are appended to
  /// `diagnostics`, and the properties they concern skipped.
  static func columns(
    declaredBy variable: VariableDeclSyntax, macro: String, diagnostics: inout [Diagnostic]
  ) -> [ColumnProperty] {
    guard !variable.isTypeProperty else { return [] }
    guard !variable.isEphemeral else {
      diagnostics += variable.ephemeralDefaultValueDiagnostics
      return []
    }
    let attribute = ColumnAttribute(in: variable.attributes)
    let annotatedTypes = sharedTypeAnnotations(of: variable.bindings)
    return zip(variable.bindings, annotatedTypes).compactMap { binding, annotatedType in
      guard binding.isStored else { return nil }
      return ColumnProperty(
        binding: binding, annotatedType: annotatedType, in: variable, attribute: attribute,
        macro: macro, diagnostics: &diagnostics)
    }
  }

  /// Describes one binding of a stored property, or reports why it cannot be a column.
  private init?(
    binding: PatternBindingSyntax,
    annotatedType: TypeSyntax?,
    in variable: VariableDeclSyntax,
    attribute: ColumnAttribute?,
    macro: String,
    diagnostics: inout [Diagnostic]
  ) {
    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
      diagnostics.append(MacroDiagnostic.tuplePattern(macro: macro).diagnose(at: binding.pattern))
      return nil
    }
    let propertyName = pattern.identifier.identifier?.name ?? pattern.identifier.text
    let defaultValue = binding.initializer?.value.trimmed

    if variable.bindingSpecifier.tokenKind == .keyword(.let), defaultValue != nil {
      diagnostics.append(
        MacroDiagnostic.letWithDefaultValue(property: propertyName).diagnose(
          at: variable.bindingSpecifier,
          fixIts: [
            FixIt(
              message: MacroFixIt.replaceLetWithVar,
              changes: [
                .replace(
                  oldNode: Syntax(variable.bindingSpecifier),
                  newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
              ])
          ]))
      return nil
    }

    guard let type = annotatedType ?? defaultValue.flatMap(TypeSyntax.inferred(fromDefaultValue:))
    else {
      let annotated = binding
        .with(\.pattern.trailingTrivia, [])
        .with(
          \.typeAnnotation,
          TypeAnnotationSyntax(
            colon: .colonToken(trailingTrivia: .space),
            type: IdentifierTypeSyntax(name: .identifier("<#Type#>")),
            trailingTrivia: binding.pattern.trailingTrivia))
      diagnostics.append(
        MacroDiagnostic.missingType(property: propertyName, macro: macro).diagnose(
          at: binding.pattern,
          fixIts: [
            FixIt(
              message: MacroFixIt.insertTypeAnnotation,
              changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))])
          ]))
      return nil
    }

    if attribute?.representation == nil, let unsupported = UnsupportedColumnType(type) {
      diagnostics.append(
        unsupported.diagnostic(property: propertyName, type: type, variable: variable, columnAttribute: attribute))
      return nil
    }

    self.name = pattern.identifier.trimmed
    self.columnName = attribute?.name ?? propertyName
    self.type = type.trimmed.withoutImplicitUnwrapping
    self.representation = attribute?.representation
    self.defaultValue = defaultValue
    self.columnAttribute = attribute
  }

  /// The type annotation of each binding, spelled or shared: in `var a, b: Int`, `a` shares the
  /// `Int` of `b`, while in `var a = 0, b: Int` the type of `a` is inferred from its value.
  private static func sharedTypeAnnotations(
    of bindings: PatternBindingListSyntax
  ) -> [TypeSyntax?] {
    var types: [TypeSyntax?] = []
    var followingType: TypeSyntax?
    for binding in bindings.reversed() {
      if let type = binding.typeAnnotation?.type {
        followingType = type
      } else if binding.initializer != nil {
        followingType = nil
      }
      types.append(followingType)
    }
    return types.reversed()
  }
}
