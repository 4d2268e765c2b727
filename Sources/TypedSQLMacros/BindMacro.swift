import SwiftSyntax
import SwiftSyntaxMacros

/// `#bind(value)`: a Swift value in the representation its column uses, for comparing it with
/// a column declared `@Column(as:)`.
///
/// It expands to `.init(queryOutput: value)`, so the representation is the one the comparison
/// or assignment expects: `$0.startAt > #bind(date)` binds `date` as the column's
/// `Date.UnixTimeRepresentation`. `#bind(date, as: Date.UnixTimeRepresentation.self)` names
/// the representation: `Date.UnixTimeRepresentation.self.init(queryOutput: date)`.
public enum BindMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    guard let argument = node.arguments.first?.expression else {
      return ".init(queryOutput: ())"
    }
    if let representation = node.arguments.first(where: { $0.label?.text == "as" })?.expression {
      return "\(representation.trimmed).init(queryOutput: \(argument.trimmed))"
    }
    return ".init(queryOutput: \(argument.trimmed))"
  }
}
