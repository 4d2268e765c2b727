import Testing
import TypedSQL
import TypedSQLSQLite

/// A composite primary key (a `@Selection` group as a table's key) wherever a key is used.
@Suite struct CompositeKeyRenderingTests {
  @Test func findByOneKeyOrSeveral() {
    assertSQL(Enrollment.find(Enrollment.Key(course: 1, student: 2))) {
      """
      SQLite:
        SELECT "enrollments"."course", "enrollments"."student", "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") = (?1, ?2))
        bindings: int(1), int(2)
      PostgreSQL:
        SELECT "enrollments"."course", "enrollments"."student", "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") = ($1, $2))
        bindings: int(1), int(2)
      """
    }
    assertSQL(Enrollment.find([Enrollment.Key(course: 1, student: 2), Enrollment.Key(course: 3, student: 4), Enrollment.Key(course: 5, student: 6)])) {
      """
      SQLite:
        SELECT "enrollments"."course", "enrollments"."student", "enrollments"."grade" FROM "enrollments" WHERE ((("enrollments"."course", "enrollments"."student") = (?1, ?2)) OR ((("enrollments"."course", "enrollments"."student") = (?3, ?4)) OR (("enrollments"."course", "enrollments"."student") = (?5, ?6))))
        bindings: int(1), int(2), int(3), int(4), int(5), int(6)
      PostgreSQL:
        SELECT "enrollments"."course", "enrollments"."student", "enrollments"."grade" FROM "enrollments" WHERE ((("enrollments"."course", "enrollments"."student") = ($1, $2)) OR ((("enrollments"."course", "enrollments"."student") = ($3, $4)) OR (("enrollments"."course", "enrollments"."student") = ($5, $6))))
        bindings: int(1), int(2), int(3), int(4), int(5), int(6)
      """
    }
  }

  @Test func writesByKey() {
    let row = Enrollment(id: Enrollment.Key(course: 1, student: 2), grade: 90)
    assertSQL(Enrollment.update(row)) {
      """
      SQLite:
        UPDATE "enrollments" SET "grade" = ?1 WHERE (("enrollments"."course", "enrollments"."student") = (?2, ?3))
        bindings: int(90), int(1), int(2)
      PostgreSQL:
        UPDATE "enrollments" SET "grade" = $1 WHERE (("enrollments"."course", "enrollments"."student") = ($2, $3))
        bindings: int(90), int(1), int(2)
      """
    }
    assertSQL(Enrollment.delete(row)) {
      """
      SQLite:
        DELETE FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") = (?1, ?2))
        bindings: int(1), int(2)
      PostgreSQL:
        DELETE FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") = ($1, $2))
        bindings: int(1), int(2)
      """
    }
    assertSQL(Enrollment.upsert { row }) {
      """
      SQLite:
        INSERT INTO "enrollments" ("course", "student", "grade") VALUES (?1, ?2, ?3) ON CONFLICT ("course", "student") DO UPDATE SET "grade" = "excluded"."grade"
        bindings: int(1), int(2), int(90)
      PostgreSQL:
        INSERT INTO "enrollments" ("course", "student", "grade") VALUES ($1, $2, $3) ON CONFLICT ("course", "student") DO UPDATE SET "grade" = "excluded"."grade"
        bindings: int(1), int(2), int(90)
      """
    }
    assertSQL(Enrollment.order { $0.id.course }.limit(1).delete()) {
      """
      SQLite:
        DELETE FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") IN (SELECT "enrollments"."course", "enrollments"."student" FROM "enrollments" ORDER BY "enrollments"."course" LIMIT ?1))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "enrollments" WHERE (("enrollments"."course", "enrollments"."student") IN (SELECT "enrollments"."course", "enrollments"."student" FROM "enrollments" ORDER BY "enrollments"."course" LIMIT 1))
      """
    }
  }
}
