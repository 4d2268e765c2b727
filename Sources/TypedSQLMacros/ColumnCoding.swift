import SwiftSyntax
import SwiftSyntaxBuilder

extension ColumnProperty {
  /// Reads the property's value from the decoder's current column (or columns, for a group); a
  /// representation is decoded, then unwrapped.
  var decodeExpression: ExprSyntax {
    guard let representation else {
      return "try decoder.decode(\(type.metatypeExpression))"
    }
    return "try decoder.decode(\(representation.metatypeExpression)).queryOutput"
  }

  /// Reads the property from the decoder into the property.
  var decodeStatement: CodeBlockItemSyntax {
    "self.\(name) = \(decodeExpression)"
  }

  /// Reads the property from the decoder into a constant of the property's name.
  var decodeIntoConstantStatement: CodeBlockItemSyntax {
    "let \(name) = \(decodeExpression)"
  }

  /// Appends the property's value to `values`, through its representation if it has one; a
  /// generated column's is appended as such, to be left to the database by an insert.
  var encodeStatement: CodeBlockItemSyntax {
    if isGenerated {
      guard let representation else { return "values.appendGenerated(\(name))" }
      return "values.appendGenerated(\(name), as: \(representation.metatypeExpression))"
    }
    guard let representation else {
      return "values.append(\(name))"
    }
    return "values.append(\(name), as: \(representation.metatypeExpression))"
  }
}

extension [ColumnProperty] {
  /// The row decoder of a table or selection whose columns these are, in order:
  /// `init(decoder:)`.
  ///
  /// Where the struct has its implicit memberwise initializer taking exactly these columns
  /// (`hasMemberwiseInit`), the decoder reads each column into a constant and passes them all to
  /// it. Swift 6.3 compiles a struct assembled property by property, when it is larger than
  /// four words and holds references (two strings), as a copy of the whole struct retaining each
  /// reference and a release of the original: a `Reminder`'s row cost 158 instructions more.
  /// The memberwise initializer builds it in place. (A column whose name a decoding spells, such
  /// as `decoder` or a type's name, would be hidden by its constant; its struct is assembled
  /// property by property.)
  func decoderInitDecl(accessPrefix: String, hasMemberwiseInit: Bool) throws -> InitializerDeclSyntax {
    let names = Set(map(\.name.text))
    let callsMemberwiseInit = hasMemberwiseInit && !contains { column in
      column.decodeExpression.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
    }
    return try InitializerDeclSyntax(
      "\(raw: accessPrefix)init(decoder: inout some TypedSQLCore.QueryDecoder) throws"
    ) {
      if callsMemberwiseInit {
        for column in self {
          column.decodeIntoConstantStatement
        }
        "self.init(\(raw: map { "\($0.name.text): \($0.name.text)" }.joined(separator: ", ")))"
      } else {
        for column in self {
          column.decodeStatement
        }
      }
    }
  }

  /// The row encoder of a table or selection whose columns these are, in order:
  /// `encodeColumns(into:)`.
  func encoderDecl(accessPrefix: String) throws -> FunctionDeclSyntax {
    try FunctionDeclSyntax(
      "\(raw: accessPrefix)func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder)"
    ) {
      for column in self {
        column.encodeStatement
      }
    }
  }
}
