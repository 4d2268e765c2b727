import SwiftSyntax
import SwiftSyntaxBuilder

extension ColumnProperty {
  /// Reads the property from the decoder's current column (or columns, for a group); a
  /// representation is decoded, then unwrapped.
  var decodeStatement: CodeBlockItemSyntax {
    guard let representation else {
      return "self.\(name) = try decoder.decode(\(type.metatypeExpression))"
    }
    return "self.\(name) = try decoder.decode(\(representation.metatypeExpression)).queryOutput"
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
  func decoderInitDecl(accessPrefix: String) throws -> InitializerDeclSyntax {
    try InitializerDeclSyntax(
      "\(raw: accessPrefix)init(decoder: inout some TypedSQLCore.QueryDecoder) throws"
    ) {
      for column in self {
        column.decodeStatement
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
