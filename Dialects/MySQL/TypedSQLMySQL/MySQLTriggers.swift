import TypedSQLCore

// Triggers in MariaDB's and MySQL's spelling, with SQLite's meaning:
//
//   CREATE TRIGGER `touch` BEFORE UPDATE ON `docs` FOR EACH ROW
//   BEGIN IF <condition> THEN <statement>; …; SET `new`.`updatedAt` = UTC_TIMESTAMP(6); END IF; END
//
// A trigger that sets columns of the written row (a touch) runs before the write, whether it was
// declared `before:` or `after:`, as on PostgreSQL: the server assigns the new row's columns only
// before it is written. Its values are computed together (several go through session variables
// first), so one value never reads another's assignment.
//
// Refused by name, since the server cannot run them with SQLite's meaning: a temporary trigger,
// an `INSTEAD OF` trigger (the server has none, nor writable views of joins), an `UPDATE OF`
// trigger (the server's triggers cannot tell which columns an update names, only which changed),
// a statement that writes the trigger's own table (the server refuses it when the trigger runs,
// error 1442), and a query among the actions (a trigger returns no rows here). A column value
// that reads the written row by its table's name (`$0.title + "!"`) reads the `new` row.
extension MySQLDialect {
  func renderCreateTrigger(_ trigger: TriggerDefinition, into context: inout RenderContext) throws {
    try checkServerRuns(trigger)
    context.append("CREATE TRIGGER ")
    if trigger.ifNotExists { context.append("IF NOT EXISTS ") }
    appendIdentifier(trigger.name, into: &context)
    context.append(" ")
    try renderTriggerEvent(trigger, timing: trigger.setsColumns ? .before : trigger.timing, into: &context)
    context.append(" BEGIN ")
    if let condition = trigger.condition {
      context.append("IF ")
      try renderExpression(condition, into: &context)
      context.append(" THEN ")
    }
    var settings: [(column: String, value: SQLExpression)] = []
    for action in trigger.actions {
      switch action {
      case .statement(let statement):
        try renderStatement(statement, into: &context)
        context.append("; ")
      case .setColumn(let column, let value):
        settings.append((try TriggerDefinition.columnName(of: column), value))
      }
    }
    try renderSettings(settings, of: trigger, into: &context)
    if trigger.condition != nil { context.append("END IF; ") }
    context.append("END")
  }

  /// `SET new.a = v;`, or for several columns `SET @typedsql_set_0 = v0, …; SET new.a =
  /// @typedsql_set_0, …; SET @typedsql_set_0 = NULL, …;`, so that each value reads the row as it
  /// was given.
  private func renderSettings(
    _ settings: [(column: String, value: SQLExpression)], of trigger: TriggerDefinition, into context: inout RenderContext
  ) throws {
    guard !settings.isEmpty else { return }
    let variables = settings.count > 1 ? settings.indices.map { "@typedsql_set_\($0)" } : []
    if !variables.isEmpty {
      context.append("SET ")
      for (index, setting) in settings.enumerated() {
        if index > 0 { context.append(", ") }
        context.appendText(variables[index] + " = ")
        try renderSettingValue(setting.value, of: trigger, into: &context)
      }
      context.append("; ")
    }
    context.append("SET ")
    for (index, setting) in settings.enumerated() {
      if index > 0 { context.append(", ") }
      appendIdentifier(TriggerDefinition.newRow, into: &context)
      context.append(".")
      appendIdentifier(setting.column, into: &context)
      context.append(" = ")
      if variables.isEmpty {
        try renderSettingValue(setting.value, of: trigger, into: &context)
      } else {
        context.appendText(variables[index])
      }
    }
    context.append("; ")
    if !variables.isEmpty {
      // The session's variables are cleared again: nothing of the trigger stays in the session.
      context.appendText("SET " + variables.map { $0 + " = NULL" }.joined(separator: ", ") + "; ")
    }
  }

  /// A column's value, its columns read by the table's name read from the `new` row: SQLite
  /// reads them from the written row, updating it after the write, and no table is in scope in
  /// the server's trigger body.
  private func renderSettingValue(_ value: SQLExpression, of trigger: TriggerDefinition, into context: inout RenderContext) throws {
    var reading = self
    reading.writtenRowTable = trigger.table.qualifier
    try reading.renderExpression(value, into: &context)
  }

  /// Throws for what the server's triggers cannot do with SQLite's meaning.
  private func checkServerRuns(_ trigger: TriggerDefinition) throws {
    if trigger.isTemporary {
      throw DialectError.unsupported(feature: "CREATE TEMPORARY TRIGGER", dialect: name)
    }
    if trigger.timing == .insteadOf {
      throw DialectError.unsupported(feature: "INSTEAD OF triggers", dialect: name)
    }
    if case .update(let columns) = trigger.event, !columns.isEmpty {
      throw DialectError.unsupported(
        feature: "UPDATE OF columns on a trigger (the server's triggers cannot tell which columns an update names)",
        dialect: name)
    }
    for case .statement(let statement) in trigger.actions {
      let written: TableReference
      switch statement {
      case .insert(let insert): written = insert.table
      case .update(let update): written = update.table
      case .delete(let delete): written = delete.table
      case .select:
        throw DialectError.unsupported(feature: "a query among a trigger's actions (a trigger returns no rows)", dialect: name)
      case .schema, .raw:
        continue
      }
      if written.source == trigger.table.source && written.schema == trigger.table.schema {
        throw DialectError.unsupported(
          feature: "a trigger that writes its own table (the server refuses it when the trigger runs, 1442)", dialect: name)
      }
    }
  }
}
