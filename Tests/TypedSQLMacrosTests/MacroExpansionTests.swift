import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

/// The suite of all macro expansion tests: `@Table` and `@Column` expand as the compiler would
/// expand them, with `@Table` asked for both conformances it declares. Snapshots missing from a
/// test are recorded into its source.
@Suite(
  .macros(
    [
      "Table": MacroSpec(type: TableMacro.self, conformances: ["Table", "PrimaryKeyedTable"]),
      "Column": MacroSpec(type: ColumnMacro.self),
      "bind": MacroSpec(type: BindMacro.self),
    ],
    indentationWidth: .spaces(2),
    record: .missing
  )
)
struct MacroExpansionTests {}
