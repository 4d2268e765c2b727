// The standard spelling of statements that create and drop views and triggers. They take no
// parameters: they are rendered with their values written as literals (see
// `Dialect.renderWithLiterals`).
extension Dialect {
  public func renderSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws {
    try renderStandardSchemaStatement(statement, into: &context)
  }

  /// Renders `CREATE [TEMPORARY] VIEW [IF NOT EXISTS] "name" ("column", …) AS SELECT …` or
  /// `DROP VIEW [IF EXISTS] "name"`.
  public func renderStandardSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws {
    switch statement {
    case .createView(let view):
      guard view.columns.count == view.select.columns.count else {
        throw DialectError.invalidStatement(
          "the view \"\(view.name.qualifier)\" has \(view.columns.count) columns but its select has \(view.select.columns.count)")
      }
      context.append(view.isTemporary ? "CREATE TEMPORARY VIEW " : "CREATE VIEW ")
      if view.ifNotExists { context.append("IF NOT EXISTS ") }
      try renderTableReference(view.name, into: &context)
      context.append(" (")
      for (index, column) in view.columns.enumerated() {
        if index > 0 { context.append(", ") }
        appendIdentifier(column, into: &context)
      }
      context.append(") AS ")
      try renderSelect(view.select, into: &context)
    case .dropView(let name, let ifExists):
      context.append(ifExists ? "DROP VIEW IF EXISTS " : "DROP VIEW ")
      try renderTableReference(name, into: &context)
    case .createTrigger, .dropTrigger:
      // Standard SQL's triggers are neither database's: each dialect spells its own.
      throw DialectError.unsupported(feature: "triggers", dialect: name)
    }
  }

  /// Renders `BEFORE|AFTER|INSTEAD OF INSERT|UPDATE [OF "column", …]|DELETE ON "table" FOR EACH
  /// ROW`: the part of `CREATE TRIGGER` both databases spell alike.
  /// Throws ``DialectError/invalidStatement(_:)`` for a trigger that does nothing.
  public func renderTriggerEvent(_ trigger: TriggerDefinition, timing: TriggerDefinition.Timing, into context: inout RenderContext) throws {
    guard !trigger.actions.isEmpty else {
      throw DialectError.invalidStatement("the trigger \"\(trigger.name)\" has no statement to run")
    }
    context.appendText(timing.rawValue)
    switch trigger.event {
    case .insert:
      context.append(" INSERT")
    case .update(let columns):
      context.append(" UPDATE")
      for (index, column) in columns.enumerated() {
        context.append(index == 0 ? " OF " : ", ")
        appendIdentifier(column, into: &context)
      }
    case .delete:
      context.append(" DELETE")
    }
    context.append(" ON ")
    try renderTableReference(trigger.table, into: &context)
    context.append(" FOR EACH ROW")
  }
}
