import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides TypedSQL's macros.
@main
struct TypedSQLPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    TableMacro.self, LazyInitializableByDefaultTableMacro.self, SelectionMacro.self, ColumnMacro.self,
    EphemeralMacro.self, BindMacro.self, SQLMacro.self, DatabaseFunctionMacro.self, JSONPathsMacro.self,
  ]
}
