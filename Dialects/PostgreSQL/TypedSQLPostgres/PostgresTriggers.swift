import TypedSQLCore

// Triggers in PostgreSQL: a trigger runs a function, so a trigger is created as a PL/pgSQL
// function of its actions and the trigger that calls it, both in one `DO` block (one statement,
// created or not together):
//
//   DO $typedsql_do$ BEGIN
//     CREATE FUNCTION "touch"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$
//       BEGIN SELECT statement_timestamp() INTO "new"."updatedAt"
//         FROM (SELECT ("new").*) AS "reminders"; RETURN "new"; END $typedsql$;
//     CREATE TRIGGER "touch" BEFORE UPDATE ON "reminders" FOR EACH ROW EXECUTE FUNCTION "touch"();
//   END $typedsql_do$
//
// The function has the trigger's name, in the table's schema; dropping it drops the trigger.
//
// A trigger that sets columns of the written row (a touch) runs before the write, whether it was
// declared `before:` or `after:` (as SQLite runs it after, updating the row): an assignment to
// the new row is lost after the write. Its values are computed together, as an `UPDATE` computes
// them, from the new row under the table's name, so `"reminders"."position" + 1` reads the row
// being written and a subquery of the table reads the table.
//
// SQLite does not fire a trigger from its own actions (`recursive_triggers` is off), so a trigger
// that updates its own table runs once; PostgreSQL would fire it again for each write it makes,
// without end. A trigger whose actions are statements marks itself running in a setting local to
// the transaction (`typedsql.trigger_…`), and returns at once while the mark is there.

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
    try renderTriggerEvent(trigger, timing: Self.timing(of: trigger), into: &block)
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

  /// When the trigger runs: before the write when it sets columns of the written row.
  private static func timing(of trigger: TriggerDefinition) -> TriggerDefinition.Timing {
    trigger.setsColumns && trigger.timing == .after ? .before : trigger.timing
  }

  /// The function's statements, each followed by `;`, then what it returns: the new row (the old
  /// one for a delete) from a trigger that runs before or instead of the write, whose result is
  /// the row written; `NULL` from one that runs after, whose result is ignored.
  private func functionBody(of trigger: TriggerDefinition) throws -> String {
    var result = RenderContext(bindingStyle: .literals)
    switch (Self.timing(of: trigger), trigger.event) {
    case (.after, _): result.append("NULL")
    case (_, .delete): appendIdentifier(TriggerDefinition.oldRow, into: &result)
    default: appendIdentifier(TriggerDefinition.newRow, into: &result)
    }
    let returned = result.sql
    var body = RenderContext(bindingStyle: .literals)
    let runsStatements = trigger.actions.contains { if case .statement = $0 { true } else { false } }
    let mark = Self.runningMark(of: trigger)
    if runsStatements {
      body.appendText("IF current_setting('\(mark)', true) = 'on' THEN RETURN \(returned); END IF; ")
      body.appendText("PERFORM set_config('\(mark)', 'on', true); ")
    }
    var settings: [(column: String, value: SQLExpression)] = []
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
        settings.append((try TriggerDefinition.columnName(of: column), value))
      }
    }
    if !settings.isEmpty {
      // SELECT v1, v2 INTO "new"."a", "new"."b" FROM (SELECT ("new").*) AS "table";
      body.append("SELECT ")
      for (index, setting) in settings.enumerated() {
        if index > 0 { body.append(", ") }
        try renderExpression(setting.value, into: &body)
      }
      body.append(" INTO ")
      for (index, setting) in settings.enumerated() {
        if index > 0 { body.append(", ") }
        appendIdentifier(TriggerDefinition.newRow, into: &body)
        body.append(".")
        appendIdentifier(setting.column, into: &body)
      }
      body.append(" FROM (SELECT (")
      appendIdentifier(TriggerDefinition.newRow, into: &body)
      body.append(").*) AS ")
      appendIdentifier(trigger.table.qualifier, into: &body)
      body.append("; ")
    }
    if runsStatements {
      body.appendText("PERFORM set_config('\(mark)', '', true); ")
    }
    body.appendText("RETURN \(returned);")
    try body.checkNotRefused()
    return body.sql
  }

  /// The name of the transaction-local setting that marks `trigger` running: its schema and name
  /// hashed (FNV-1a, 64 bits) into letters and digits, which a setting's name allows.
  private static func runningMark(of trigger: TriggerDefinition) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (trigger.table.schema ?? "").utf8 + [0] + trigger.name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "typedsql.trigger_" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
