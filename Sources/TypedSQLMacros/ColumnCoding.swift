import SwiftSyntax
import SwiftSyntaxBuilder

extension ColumnProperty {
  /// Reads the property from the decoder's current column; a representation is decoded, then
  /// unwrapped.
  var decodeStatement: CodeBlockItemSyntax {
    guard let representation else {
      return "self.\(name) = try decoder.decode(\(type.metatypeExpression))"
    }
    return "self.\(name) = try decoder.decode(\(representation.metatypeExpression)).queryOutput"
  }

  /// Appends the property's value to `values`, through its representation if it has one.
  var encodeStatement: CodeBlockItemSyntax {
    guard let representation else {
      return "values.append(\(name))"
    }
    return "values.append(\(name), as: \(representation.metatypeExpression))"
  }
}
