// StructuredQueries' order of a trigger's arguments: the statements first, as `forEachRow:`,
// then the condition, `when:` (`.insert { new in … } when: { new in … }`). TypedSQL's own order
// puts the condition first (`.insert(when: { … }) { new in … }`); both build the same trigger.

extension TriggerEvent {
  /// For each inserted row, where `condition` holds (when given), runs `actions`.
  @_disfavoredOverload
  public static func insert(
    @TriggerActionsBuilder forEachRow actions: (_ new: On.TableColumns) -> [TriggerDefinition.Action],
    when condition: ((_ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    insert(when: condition, actions)
  }

  /// For each updated row, where `condition` holds, runs `actions`.
  @_disfavoredOverload
  public static func update(
    @TriggerActionsBuilder forEachRow actions: (_ old: On.TableColumns, _ new: On.TableColumns) -> [TriggerDefinition.Action],
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    update(when: condition, actions)
  }

  /// For each row an update of one of `columns` writes, where `condition` holds, runs `actions`:
  /// `.update { ($0.title, $0.notes) } forEachRow: { old, new in … }`.
  @_disfavoredOverload
  public static func update<each Column: QueryProjection>(
    of columns: (On.TableColumns) -> (repeat each Column),
    @TriggerActionsBuilder forEachRow actions: (_ old: On.TableColumns, _ new: On.TableColumns) -> [TriggerDefinition.Action],
    when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    update(of: columns, when: condition, actions)
  }

  /// For each deleted row, where `condition` holds, runs `actions`.
  @_disfavoredOverload
  public static func delete(
    @TriggerActionsBuilder forEachRow actions: (_ old: On.TableColumns) -> [TriggerDefinition.Action],
    when condition: ((_ old: On.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    delete(when: condition, actions)
  }
}
