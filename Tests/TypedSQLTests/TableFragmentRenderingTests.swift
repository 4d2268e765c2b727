import Testing
import TypedSQL

/// The columns of `Base`'s table, read from SQLite's `pragma_table_info`: a generic table that
/// declares the SQL its rows come from and the alias its columns are qualified by.
@Table
struct ColumnInfo<Base: Table> {
  static var tableAlias: String? { "\(Base.tableName)Columns" }
  static var tableFragment: QueryFragment {
    "pragma_table_info(\(quote: Base.tableName, delimiter: .text))"
  }

  @Column("cid") let columnID: Int
  let name: String
  @Column("notnull") let isNotNull: Bool
}

/// The reminders table, read under a name of its own in every query.
@Table("reminders")
struct AliasedReminder {
  static var tableAlias: String? { "r" }

  let id: Int
  var title = ""
}

/// Tables that declare their own source (`tableFragment`) or alias (`tableAlias`), as
/// StructuredQueries' `PragmaTableInfo` does.
@Suite struct TableFragmentRenderingTests {
  enum Other: AliasName {}

  @Test func aTableReadFromItsOwnSQL() {
    let notNull = ColumnInfo<Reminder>.where { $0.isNotNull }.select { $0.name }
    assertSQLWithMySQL(notNull) {
      """
      SQLite:
        SELECT "remindersColumns"."name" FROM pragma_table_info('reminders') AS "remindersColumns" WHERE "remindersColumns"."notnull"
      PostgreSQL:
        SELECT "remindersColumns"."name" FROM pragma_table_info('reminders') AS "remindersColumns" WHERE "remindersColumns"."notnull"
      MySQL:
        SELECT `remindersColumns`.`name` FROM pragma_table_info('reminders') AS `remindersColumns` WHERE `remindersColumns`.`notnull`
      """
    }
    let aliased = ColumnInfo<Reminder>.as(Other.self).select { $0.columnID.count() }
    assertSQLWithMySQL(aliased) {
      """
      SQLite:
        SELECT count("others"."cid") FROM pragma_table_info('reminders') AS "others"
      PostgreSQL:
        SELECT count("others"."cid") FROM pragma_table_info('reminders') AS "others"
      MySQL:
        SELECT count(`others`.`cid`) FROM pragma_table_info('reminders') AS `others`
      """
    }
    let joined = Reminder.select(\.id).join(ColumnInfo<Reminder>.all) { $0.title.eq($1.name) }
    assertSQLWithMySQL(joined) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" JOIN pragma_table_info('reminders') AS "remindersColumns" ON ("reminders"."title" = "remindersColumns"."name")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" JOIN pragma_table_info('reminders') AS "remindersColumns" ON ("reminders"."title" = "remindersColumns"."name")
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` JOIN pragma_table_info('reminders') AS `remindersColumns` ON (`reminders`.`title` = `remindersColumns`.`name`)
      """
    }
  }

  @Test func aTableReadUnderItsOwnAlias() {
    let titles = AliasedReminder.where { $0.id > 1 }.select { $0.title }
    assertSQLWithMySQL(titles) {
      """
      SQLite:
        SELECT "r"."title" FROM "reminders" AS "r" WHERE ("r"."id" > ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "r"."title" FROM "reminders" AS "r" WHERE ("r"."id" > $1)
        bindings: int(1)
      MySQL:
        SELECT `r`.`title` FROM `reminders` AS `r` WHERE (`r`.`id` > ?)
        bindings: int(1)
      """
    }
    let update = AliasedReminder.where { $0.id == 1 }.update { $0.title = "x" }
    assertSQLWithMySQL(update) {
      """
      SQLite:
        UPDATE "reminders" AS "r" SET "title" = ?1 WHERE ("r"."id" = ?2)
        bindings: text("x"), int(1)
      PostgreSQL:
        UPDATE "reminders" AS "r" SET "title" = $1 WHERE ("r"."id" = $2)
        bindings: text("x"), int(1)
      MySQL:
        UPDATE `reminders` AS `r` SET `title` = ? WHERE (`r`.`id` = ?)
        bindings: text("x"), int(1)
      """
    }
    let delete = AliasedReminder.where { $0.id == 1 }.delete()
    assertSQLWithMySQL(delete) {
      """
      SQLite:
        DELETE FROM "reminders" AS "r" WHERE ("r"."id" = ?1)
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "reminders" AS "r" WHERE ("r"."id" = $1)
        bindings: int(1)
      MySQL:
        DELETE FROM `reminders` AS `r` WHERE (`r`.`id` = ?)
        bindings: int(1)
      """
    }
  }
}
