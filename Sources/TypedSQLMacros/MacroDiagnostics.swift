import SwiftDiagnostics
import SwiftSyntax

/// An error TypedSQL's macros report about the code they are attached to.
enum MacroDiagnostic: DiagnosticMessage {
  /// `@JSONPaths` is attached to a class, enum, actor or protocol.
  case notOnStruct(macro: String)
  /// `@Table` or `@Selection` is attached to a class, actor or protocol.
  case notOnStructOrEnum(macro: String)
  /// `@Table` or `@Selection` is attached to a generic struct or enum.
  case onGenericType(macro: String)
  /// A case of a `@Selection` or `@Table` enum without an associated value, or with several.
  case caseWithoutSingleValue(macro: String, case: String)
  /// A case of a `@Selection` or `@Table` enum whose associated value is optional.
  case optionalCaseValue(macro: String, case: String)
  /// A `@Selection` or `@Table` enum, or a case of one, marked `indirect`.
  case indirectEnum(macro: String)
  /// A `@Selection` or `@Table` enum with no case, whose rows would have no column.
  case enumWithoutCases(macro: String)
  /// A `@Table` or `@Column` name that is not a plain string literal.
  case nameNotStringLiteral(macro: String)
  /// A `@Table` or `@Column` name that is empty.
  case emptyName(macro: String)
  /// A property without a type annotation whose default value is not a literal.
  case missingType(property: String, macro: String)
  /// A `let` property with a default value, which an initializer cannot assign.
  case letWithDefaultValue(property: String)
  /// A second property marked `@Column(primaryKey: true)`.
  case secondPrimaryKey(property: String, primaryKey: String)
  /// A stored property bound by a tuple pattern, such as `var (a, b) = (1, 2)`.
  case tuplePattern(macro: String)
  /// `@Column` or `@Ephemeral` attached to something other than a stored instance property.
  case notOnStoredProperty(macro: String)
  /// `@Column` or `@Ephemeral` attached to a declaration of several properties, such as
  /// `var a, b: Int`.
  case onMultipleBindings(macro: String)
  /// A `primaryKey:` or `lazyInitializable:` argument that is not `true` or `false`.
  case argumentNotBooleanLiteral(argument: String)
  /// An `as:` argument that is not a type literal such as `Representation.self`.
  case representationNotTypeLiteral
  /// A `generated:` argument that is not `.stored` or `.virtual`.
  case generatedNotStorage
  /// The primary key is marked `@Column(generated:)`.
  case generatedPrimaryKey
  /// A `@Column` argument that only a table column can have, used in a `@Selection`.
  case columnArgumentInSelection(argument: String)
  /// A `@Column` argument other than a name and `as:`, used on an enum's case.
  case columnArgumentOnCase(argument: String)
  /// A `@Column` attribute naming the column of several cases declared together.
  case columnNameOnSeveralCases
  /// An `@Ephemeral` property without a default value, which the row decoder cannot leave unset.
  case ephemeralWithoutDefault(property: String)
  /// A `#sql` argument that is not a string literal.
  case sqlNotStringLiteral
  /// A `'` in `#sql` text that opens a string the text never closes.
  case unterminatedSQLString
  /// A `"` in `#sql` text that opens a quoted identifier the text never closes.
  case unterminatedSQLIdentifier
  /// A `)` in `#sql` text without a `(` before it.
  case unmatchedClosingParenthesis
  /// A `(` in `#sql` text that is never closed.
  case unclosedParenthesis
  /// A `?` or `$1`-style placeholder in `#sql` text, which nothing would bind.
  case sqlPlaceholder(String)
  /// `@DatabaseFunction` attached to something other than a function or a computed property.
  case notOnFunction
  /// `@DatabaseFunction` attached to an operator, whose name cannot name the generated values.
  case onOperator
  /// An `async` database function, which SQLite cannot await.
  case asyncDatabaseFunction
  /// A `@DatabaseFunction(as:)` argument that is not a type literal of the function's shape.
  case functionRepresentationMismatch(expected: String)
  /// A generic database function, or one with an opaque (`some`) parameter or result other than
  /// an aggregate's `some Sequence<Element>`.
  case genericDatabaseFunction
  /// An aggregate database function's sequence parameter beside other parameters.
  case aggregateWithOtherParameters
  /// An `inout` parameter of a database function.
  case inoutParameter(String)
  /// A variadic parameter of a database function.
  case variadicParameter(String)
  /// An `isDeterministic:` argument that is not `true` or `false`.
  case isDeterministicNotBooleanLiteral
  /// `@Column(lazyInitializable: true)` on an optional property, whose `nil` could mean `NULL`
  /// or the database's default.
  case optionalLazyInitializable(property: String)
  /// `@Column(lazyInitializable: true)` on a generated column, which no draft holds.
  case generatedLazyInitializable
  /// A property whose type no column can hold by itself: a collection, a tuple or a function.
  case unsupportedColumnType(property: String, type: String)

  var message: String {
    switch self {
    case .notOnStruct(let macro):
      "'@\(macro)' can only be applied to a struct"
    case .notOnStructOrEnum(let macro):
      "'@\(macro)' can only be applied to a struct or an enum"
    case .onGenericType(let macro):
      "'@\(macro)' does not support generic types"
    case .caseWithoutSingleValue(let macro, let enumCase):
      "'@\(macro)' requires enum case '\(enumCase)' to have exactly one associated value"
    case .optionalCaseValue(let macro, let enumCase):
      "the associated value of enum case '\(enumCase)' cannot be optional; '@\(macro)' makes every case's columns optional"
    case .indirectEnum(let macro):
      "'@\(macro)' does not support 'indirect' enums or cases"
    case .enumWithoutCases(let macro):
      "'@\(macro)' requires an enum with at least one case, each stored in columns of its own"
    case .nameNotStringLiteral(let macro):
      "'@\(macro)' name must be a string literal"
    case .emptyName(let macro):
      "'@\(macro)' name must not be empty"
    case .missingType(let property, let macro):
      "'@\(macro)' requires an explicit type for '\(property)'"
    case .letWithDefaultValue(let property):
      "'let' property '\(property)' with a default value cannot be decoded from a row"
    case .secondPrimaryKey(let property, let primaryKey):
      "'\(property)' cannot be a second primary key; '\(primaryKey)' is already the primary key"
    case .tuplePattern(let macro):
      "'@\(macro)' does not support tuple patterns; declare each property separately"
    case .notOnStoredProperty(let macro):
      "'@\(macro)' can only be applied to a stored instance property"
    case .onMultipleBindings(let macro):
      "'@\(macro)' cannot be applied to several properties at once; declare each property separately"
    case .argumentNotBooleanLiteral(let argument):
      "'@Column' argument '\(argument)' must be 'true' or 'false'"
    case .representationNotTypeLiteral:
      "'@Column' argument 'as' must be a type literal, such as 'Representation.self'"
    case .generatedNotStorage:
      "'@Column' argument 'generated' must be '.stored' or '.virtual'"
    case .generatedPrimaryKey:
      "a generated column cannot be the primary key"
    case .columnArgumentInSelection(let argument):
      "'@Column(\(argument):)' can only be used in a '@Table'"
    case .columnArgumentOnCase(let argument):
      "'@Column(\(argument):)' cannot be used on an enum case, which takes only a column name and 'as:'"
    case .columnNameOnSeveralCases:
      "'@Column' cannot name the column of several cases at once; declare each case separately"
    case .ephemeralWithoutDefault(let property):
      "'@Ephemeral' property '\(property)' needs a default value"
    case .sqlNotStringLiteral:
      "'#sql' requires a string literal; interpolate values into it with \\(value)"
    case .unterminatedSQLString:
      "unterminated string literal in SQL; close it with '"
    case .unterminatedSQLIdentifier:
      "unterminated quoted identifier in SQL; close it with \""
    case .unmatchedClosingParenthesis:
      "')' in SQL has no matching '('"
    case .unclosedParenthesis:
      "'(' in SQL is never closed"
    case .sqlPlaceholder(let placeholder):
      "placeholder '\(placeholder)' in SQL is never bound; bind values by interpolating them: \\(value)"
    case .notOnFunction:
      "'@DatabaseFunction' can only be applied to a function or a computed property"
    case .onOperator:
      "'@DatabaseFunction' cannot be applied to an operator"
    case .asyncDatabaseFunction:
      "database functions run synchronously inside SQLite; remove 'async'"
    case .functionRepresentationMismatch(let expected):
      "'@DatabaseFunction' argument 'as' must be \(expected)"
    case .genericDatabaseFunction:
      "'@DatabaseFunction' does not support generic functions; SQLite calls it with concrete types"
    case .aggregateWithOtherParameters:
      "an aggregate database function takes one 'some Sequence<…>' parameter"
    case .inoutParameter(let parameter):
      "database function parameter '\(parameter)' cannot be 'inout'"
    case .variadicParameter(let parameter):
      "database function parameter '\(parameter)' cannot be variadic"
    case .isDeterministicNotBooleanLiteral:
      "'@DatabaseFunction' argument 'isDeterministic' must be 'true' or 'false'"
    case .optionalLazyInitializable(let property):
      "optional property '\(property)' cannot be lazily initialized: 'nil' in its draft would mean both NULL and the database's default"
    case .generatedLazyInitializable:
      "a generated column cannot be lazily initialized; no draft holds it"
    case .unsupportedColumnType(let property, let type):
      "property '\(property)' of type '\(type)' cannot be a column; store it through a representation with '@Column(as:)', or keep it out of the database with '@Ephemeral'"
    }
  }

  var diagnosticID: MessageID {
    let id =
      switch self {
      case .notOnStruct: "notOnStruct"
      case .notOnStructOrEnum: "notOnStructOrEnum"
      case .onGenericType: "onGenericType"
      case .caseWithoutSingleValue: "caseWithoutSingleValue"
      case .optionalCaseValue: "optionalCaseValue"
      case .indirectEnum: "indirectEnum"
      case .enumWithoutCases: "enumWithoutCases"
      case .nameNotStringLiteral: "nameNotStringLiteral"
      case .emptyName: "emptyName"
      case .missingType: "missingType"
      case .letWithDefaultValue: "letWithDefaultValue"
      case .secondPrimaryKey: "secondPrimaryKey"
      case .tuplePattern: "tuplePattern"
      case .notOnStoredProperty: "notOnStoredProperty"
      case .onMultipleBindings: "onMultipleBindings"
      case .argumentNotBooleanLiteral: "argumentNotBooleanLiteral"
      case .representationNotTypeLiteral: "representationNotTypeLiteral"
      case .generatedNotStorage: "generatedNotStorage"
      case .generatedPrimaryKey: "generatedPrimaryKey"
      case .columnArgumentInSelection: "columnArgumentInSelection"
      case .columnArgumentOnCase: "columnArgumentOnCase"
      case .columnNameOnSeveralCases: "columnNameOnSeveralCases"
      case .ephemeralWithoutDefault: "ephemeralWithoutDefault"
      case .sqlNotStringLiteral: "sqlNotStringLiteral"
      case .unterminatedSQLString: "unterminatedSQLString"
      case .unterminatedSQLIdentifier: "unterminatedSQLIdentifier"
      case .unmatchedClosingParenthesis: "unmatchedClosingParenthesis"
      case .unclosedParenthesis: "unclosedParenthesis"
      case .sqlPlaceholder: "sqlPlaceholder"
      case .notOnFunction: "notOnFunction"
      case .onOperator: "onOperator"
      case .asyncDatabaseFunction: "asyncDatabaseFunction"
      case .functionRepresentationMismatch: "functionRepresentationMismatch"
      case .genericDatabaseFunction: "genericDatabaseFunction"
      case .aggregateWithOtherParameters: "aggregateWithOtherParameters"
      case .inoutParameter: "inoutParameter"
      case .variadicParameter: "variadicParameter"
      case .isDeterministicNotBooleanLiteral: "isDeterministicNotBooleanLiteral"
      case .optionalLazyInitializable: "optionalLazyInitializable"
      case .generatedLazyInitializable: "generatedLazyInitializable"
      case .unsupportedColumnType: "unsupportedColumnType"
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
  /// Removes an attribute argument, spelled as written, such as `primaryKey: true`.
  case removeArgument(String)
  /// Inserts ` = <#default#>` after a property's type.
  case insertDefaultValue
  /// Removes `async` from a function's signature.
  case removeAsync
  /// Stores a property as JSON through the named representation.
  case storeAsJSON(String)
  /// Marks a property `@Ephemeral`.
  case insertEphemeral

  var message: String {
    switch self {
    case .insertTypeAnnotation: "Insert a type annotation"
    case .replaceLetWithVar: "Replace 'let' with 'var'"
    case .removeArgument(let argument): "Remove '\(argument)'"
    case .insertDefaultValue: "Insert a default value"
    case .removeAsync: "Remove 'async'"
    case .storeAsJSON(let representation): "Store it as JSON with '@Column(as: \(representation).self)'"
    case .insertEphemeral: "Mark it '@Ephemeral'"
    }
  }

  var fixItID: MessageID {
    let id =
      switch self {
      case .insertTypeAnnotation: "insertTypeAnnotation"
      case .replaceLetWithVar: "replaceLetWithVar"
      case .removeArgument: "removeArgument"
      case .insertDefaultValue: "insertDefaultValue"
      case .removeAsync: "removeAsync"
      case .storeAsJSON: "storeAsJSON"
      case .insertEphemeral: "insertEphemeral"
      }
    return MessageID(domain: "TypedSQLMacros", id: id)
  }
}
