import SwiftDiagnostics
import SwiftSyntax

/// An error `@Table` or `@Column` reports about the code it is attached to.
enum MacroDiagnostic: DiagnosticMessage {
  /// `@Table` is attached to a class, enum, actor or protocol.
  case tableNotOnStruct
  /// `@Table` is attached to a generic struct.
  case tableOnGenericType
  /// A `@Table` or `@Column` name that is not a plain string literal.
  case nameNotStringLiteral(macro: String)
  /// A `@Table` or `@Column` name that is empty.
  case emptyName(macro: String)
  /// A property without a type annotation whose default value is not a literal.
  case missingType(property: String)
  /// A `let` property with a default value, which an initializer cannot assign.
  case letWithDefaultValue(property: String)
  /// A second property marked `@Column(primaryKey: true)`.
  case secondPrimaryKey(property: String, primaryKey: String)
  /// A stored property bound by a tuple pattern, such as `var (a, b) = (1, 2)`.
  case tuplePattern
  /// `@Column` attached to something other than a stored instance property.
  case columnNotOnStoredProperty
  /// `@Column` attached to a declaration of several properties, such as `var a, b: Int`.
  case columnOnMultipleBindings
  /// A `primaryKey:` argument that is not `true` or `false`.
  case primaryKeyNotBooleanLiteral
  /// An `as:` argument that is not a type literal such as `Representation.self`.
  case representationNotTypeLiteral

  var message: String {
    switch self {
    case .tableNotOnStruct:
      "'@Table' can only be applied to a struct"
    case .tableOnGenericType:
      "'@Table' does not support generic types"
    case .nameNotStringLiteral(let macro):
      "'@\(macro)' name must be a string literal"
    case .emptyName(let macro):
      "'@\(macro)' name must not be empty"
    case .missingType(let property):
      "'@Table' requires an explicit type for '\(property)'"
    case .letWithDefaultValue(let property):
      "'let' property '\(property)' with a default value cannot be decoded from a row"
    case .secondPrimaryKey(let property, let primaryKey):
      "'\(property)' cannot be a second primary key; '\(primaryKey)' is already the primary key"
    case .tuplePattern:
      "'@Table' does not support tuple patterns; declare each property separately"
    case .columnNotOnStoredProperty:
      "'@Column' can only be applied to a stored instance property"
    case .columnOnMultipleBindings:
      "'@Column' cannot be applied to several properties at once; declare each property separately"
    case .primaryKeyNotBooleanLiteral:
      "'@Column' argument 'primaryKey' must be 'true' or 'false'"
    case .representationNotTypeLiteral:
      "'@Column' argument 'as' must be a type literal, such as 'Representation.self'"
    }
  }

  var diagnosticID: MessageID {
    let id =
      switch self {
      case .tableNotOnStruct: "tableNotOnStruct"
      case .tableOnGenericType: "tableOnGenericType"
      case .nameNotStringLiteral: "nameNotStringLiteral"
      case .emptyName: "emptyName"
      case .missingType: "missingType"
      case .letWithDefaultValue: "letWithDefaultValue"
      case .secondPrimaryKey: "secondPrimaryKey"
      case .tuplePattern: "tuplePattern"
      case .columnNotOnStoredProperty: "columnNotOnStoredProperty"
      case .columnOnMultipleBindings: "columnOnMultipleBindings"
      case .primaryKeyNotBooleanLiteral: "primaryKeyNotBooleanLiteral"
      case .representationNotTypeLiteral: "representationNotTypeLiteral"
      }
    return MessageID(domain: "TypedSQLMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }

  /// This error, reported at `node`.
  func diagnose(at node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
    Diagnostic(node: node, message: self, fixIts: fixIts)
  }
}

/// A change offered to resolve a ``MacroDiagnostic``.
enum MacroFixIt: FixItMessage {
  /// Inserts `: <#Type#>` after a property's name.
  case insertTypeAnnotation
  /// Turns a `let` into a `var`.
  case replaceLetWithVar
  /// Removes a `primaryKey: true` argument.
  case removePrimaryKeyArgument

  var message: String {
    switch self {
    case .insertTypeAnnotation: "Insert a type annotation"
    case .replaceLetWithVar: "Replace 'let' with 'var'"
    case .removePrimaryKeyArgument: "Remove 'primaryKey: true'"
    }
  }

  var fixItID: MessageID {
    let id =
      switch self {
      case .insertTypeAnnotation: "insertTypeAnnotation"
      case .replaceLetWithVar: "replaceLetWithVar"
      case .removePrimaryKeyArgument: "removePrimaryKeyArgument"
      }
    return MessageID(domain: "TypedSQLMacros", id: id)
  }
}
