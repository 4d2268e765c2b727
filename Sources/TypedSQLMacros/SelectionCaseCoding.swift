import SwiftSyntax
import SwiftSyntaxBuilder

extension SelectionCase {
  /// Reads the case's columns into a local constant named after the case: the associated value
  /// (through its representation, if it has one), or `nil` when the columns hold `NULL`.
  var decodeStatement: CodeBlockItemSyntax {
    guard representation != nil else {
      return "let \(name) = try decoder.decode(\(column.type.metatypeExpression))"
    }
    return "let \(name) = try decoder.decode(\(column.columnType.metatypeExpression)).queryOutput"
  }

  /// The case holding the local constant that ``decodeStatement`` declares: `.link(link)`, or
  /// `.link(url: link)` for a labeled value.
  var decodedValue: ExprSyntax {
    guard let label else { return ".\(name)(\(name))" }
    return ".\(name)(\(label): \(name))"
  }

  /// The encoder's `case` for this case, among all the enum's `cases`: it binds the associated
  /// value to a constant named after the case and appends it to `values` (through its
  /// representation, if it has one), and appends `NULL` in the columns of every other case.
  func encodingClause(among cases: [SelectionCase]) -> SwitchCaseSyntax {
    let header: SyntaxNodeString =
      if let label {
        "case .\(name)(\(label): let \(name)):"
      } else {
        "case .\(name)(let \(name)):"
      }
    return SwitchCaseSyntax(header) {
      for enumCase in cases {
        if enumCase.name.text != name.text {
          "values.append(\(enumCase.column.columnType).none)"
        } else if let representation = column.representation {
          "values.append(Optional(\(name)), as: \(representation.metatypeExpression))"
        } else {
          "values.append(Optional(\(name)))"
        }
      }
    }
  }
}

extension [SelectionCase] {
  /// The row decoder of the enum `type`, whose cases these are, in order: it reads every case's
  /// columns, then holds the first case whose value is not `nil`, and throws when all are.
  func decoderInitDecl(of type: TypeSyntax, accessPrefix: String) throws -> InitializerDeclSyntax {
    let noValue: CodeBlockItemSyntax = """
      throw decoder.conversionError(\
      expected: \(type.metatypeExpression), storedValue: "NULL in the columns of every case")
      """
    // `if let a { self = .a(a) } else if let b { … } else { throw … }`, built from the last case.
    var choice: IfExprSyntax?
    for enumCase in reversed() {
      let header: SyntaxNodeString = "if let \(enumCase.name)"
      let body: CodeBlockItemSyntax = "self = \(enumCase.decodedValue)"
      choice =
        if let next = choice {
          try IfExprSyntax(header, bodyBuilder: { body }, elseIf: next)
        } else {
          try IfExprSyntax(header, bodyBuilder: { body }, else: { noValue })
        }
    }
    return try InitializerDeclSyntax(
      "\(raw: accessPrefix)init(decoder: inout some TypedSQLCore.QueryDecoder) throws"
    ) {
      for enumCase in self {
        enumCase.decodeStatement
      }
      if let choice {
        choice
      } else {
        noValue
      }
    }
  }

  /// The row encoder of an enum whose cases these are: the active case's value in its columns,
  /// and `NULL` in every other case's.
  func encoderDecl(accessPrefix: String) throws -> FunctionDeclSyntax {
    try FunctionDeclSyntax(
      "\(raw: accessPrefix)func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder)"
    ) {
      try SwitchExprSyntax("switch self") {
        for enumCase in self {
          enumCase.encodingClause(among: self)
        }
      }
    }
  }
}
