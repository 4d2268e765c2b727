import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

/// The suite of all macro expansion tests: TypedSQL's macros expand as the compiler would expand
/// them, with `@Table` and `@Selection` asked for every conformance they declare. Snapshots
/// missing from a test are recorded into its source.
@Suite(
  .macros(
    [
      "Table": MacroSpec(type: TableMacro.self, conformances: ["Table", "PrimaryKeyedTable", "QueryDecodable", "QueryRow", "InsertRow", "JSONPathNavigable"]),
      "Selection": MacroSpec(
        type: SelectionMacro.self,
        conformances: ["Selection", "QueryDecodable", "QueryRow", "CasePathable", "CasePathIterable", "JSONPathNavigable"]),
      "Column": MacroSpec(type: ColumnMacro.self),
      "Ephemeral": MacroSpec(type: EphemeralMacro.self),
      "bind": MacroSpec(type: BindMacro.self),
      "sql": MacroSpec(type: SQLMacro.self),
      "DatabaseFunction": MacroSpec(type: DatabaseFunctionMacro.self),
      "JSONPaths": MacroSpec(type: JSONPathsMacro.self, conformances: ["JSONPathNavigable"]),
    ],
    indentationWidth: .spaces(2),
    record: .missing
  )
)
struct MacroExpansionTests {}
