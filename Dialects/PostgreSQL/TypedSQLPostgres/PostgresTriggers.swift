import TypedSQLCore

// Triggers in PostgreSQL: a trigger runs a function, so a trigger is created as a PL/pgSQL
// function of its actions and the trigger that calls it, both in one `DO` block (one statement,
// created or not together):
//
//   DO $typedsql_do$ BEGIN
//     CREATE FUNCTION "touch"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$
//       BEGIN "new"."updatedAt" := now(); RETURN "new"; END $typedsql$;
//     CREATE TRIGGER "touch" BEFORE UPDATE ON "reminders" FOR EACH ROW EXECUTE FUNCTION "touch"();
//   END $typedsql_do$
//
// The function has the trigger's name, in the table's schema; dropping it drops the trigger.

extension PostgresDialect {
  func renderCreateTrigger(_ trigger: TriggerDefinition, into context: inout RenderContext) throws {
    if trigger.isTemporary {
      throw DialectError.unsupported(feature: "CREATE TEMPORARY TRIGGER", dialect: name)
    }
    if trigger.ifNotExists {
      throw DialectError.unsupported(feature: "CREATE TRIGGER IF NOT EXISTS", dialect: name)
    }
    if trigger.timing == .insteadOf, trigger.condition != nil {
      throw DialectError.unsupported(feature: "a WHEN condition on an INSTEAD OF trigger", dialect: name)
    }
    if trigger.timing == .insteadOf, case .update(let columns) = trigger.event, !columns.isEmpty {
      throw DialectError.unsupported(feature: "UPDATE OF columns on an INSTEAD OF trigger", dialect: name)
    }
    let function = TableReference(name: trigger.name, schema: trigger.table.schema)
    let body = try functionBody(of: trigger)
    let bodyTag = DollarQuote.tag("typedsql", notIn: body)
    var block = RenderContext(bindingStyle: .literals)
    block.append("CREATE FUNCTION ")
    try renderTableReference(function, into: &block)
    block.append("() RETURNS trigger LANGUAGE plpgsql AS ")
    block.appendText(bodyTag + " BEGIN " + body + " END " + bodyTag)
    block.append("; CREATE TRIGGER ")
    appendIdentifier(trigger.name, into: &block)
    block.append(" ")
    try renderTriggerEvent(trigger, timing: trigger.timing, into: &block)
    if let condition = trigger.condition {
      block.append(" WHEN (")
      try renderExpression(condition, into: &block)
      block.append(")")
    }
    block.append(" EXECUTE FUNCTION ")
    try renderTableReference(function, into: &block)
    block.append("();")
    try block.checkNotRefused()
    let statements = block.sql
    let blockTag = DollarQuote.tag("typedsql_do", notIn: statements)
    context.append("DO ")
    context.appendText(blockTag + " BEGIN " + statements + " END " + blockTag)
  }

  /// The function's statements, each followed by `;`, then what it returns: the new row (the old
  /// one for a delete) from a trigger that runs before or instead of the write, whose result is
  /// the row written; `NULL` from one that runs after, whose result is ignored.
  private func functionBody(of trigger: TriggerDefinition) throws -> String {
    var body = RenderContext(bindingStyle: .literals)
    for action in trigger.actions {
      switch action {
      case .statement(.select(let select)):
        // PL/pgSQL runs a query whose rows it discards with PERFORM.
        body.append("PERFORM * FROM (")
        try renderSelect(select, into: &body)
        body.append(") AS \"performed\"; ")
      case .statement(let statement):
        try renderStatement(statement, into: &body)
        body.append("; ")
      case .setColumn(let column, let value):
        appendIdentifier(TriggerDefinition.newRow, into: &body)
        body.append(".")
        appendIdentifier(try TriggerDefinition.columnName(of: column), into: &body)
        body.append(" := ")
        try renderExpression(value, into: &body)
        body.append("; ")
      }
    }
    body.append("RETURN ")
    switch (trigger.timing, trigger.event) {
    case (.after, _): body.append("NULL")
    case (_, .delete): appendIdentifier(TriggerDefinition.oldRow, into: &body)
    default: appendIdentifier(TriggerDefinition.newRow, into: &body)
    }
    body.append(";")
    try body.checkNotRefused()
    return body.sql
  }
}
