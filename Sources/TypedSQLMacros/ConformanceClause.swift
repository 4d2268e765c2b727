import SwiftSyntax

/// The conformances an extension macro adds: those it calls for that the compiler asks for.
enum ConformanceClause {
  /// `": TypedSQLCore.A, TypedSQLCore.B"` for each of the protocols `wanted` that is among
  /// `requested` (those the struct does not declare itself), in the order of `wanted`; empty when
  /// there are none.
  ///
  /// A protocol is spelled out even when another one implies it: the compiler only finds
  /// conformances a macro adds when they are written.
  static func clause(for wanted: [String], among requested: [TypeSyntax]) -> String {
    let requestedNames = Set(
      requested.compactMap { $0.trimmedDescription.split(separator: ".").last.map(String.init) })
    let conformances = wanted.filter(requestedNames.contains).map { "TypedSQLCore.\($0)" }
    return conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
  }
}
