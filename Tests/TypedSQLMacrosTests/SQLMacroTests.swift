import MacroTesting
import Testing

extension MacroExpansionTests {
  /// `#sql` expands to `.init(sql:)` after checking its literal's text.
  @Suite struct SQL {
    @Test func plain() {
      assertMacro {
        """
        Reminder.select { _ in #sql("count(*)") }
        """
      } expansion: {
        """
        Reminder.select { _ in .init(sql: "count(*)") }
        """
      }
    }

    @Test func interpolation() {
      assertMacro {
        """
        Reminder.where { #sql("\\($0.title) LIKE \\(pattern) || '%' AND \\($0.priority) IN (1, 2)") }
        """
      } expansion: {
        #"""
        Reminder.where { .init(sql: "\($0.title) LIKE \(pattern) || '%' AND \($0.priority) IN (1, 2)") }
        """#
      }
    }

    @Test func asRowType() {
      assertMacro {
        """
        let query = #sql(
          "SELECT \\(Reminder.columns) FROM \\(Reminder.self) -- don't (\\n WHERE \\"x\\" = ':?'",
          as: Reminder.self
        )
        """
      } expansion: {
        #"""
        let query = .init(sql: "SELECT \(Reminder.columns) FROM \(Reminder.self) -- don't (\n WHERE \"x\" = ':?'")
        """#
      }
    }

    @Test func multilineLiteral() {
      assertMacro {
        #"""
        let query = #sql(
          """
          SELECT count(*)
          FROM \(Reminder.self) /* it's ( */
          WHERE ("a" = 1)
          """,
          as: Int.self
        )
        """#
      } expansion: {
        #"""
        let query = .init(sql: """
          SELECT count(*)
          FROM \(Reminder.self) /* it's ( */
          WHERE ("a" = 1)
          """)
        """#
      }
    }

    @Test func multilineLiteralErrors() {
      assertMacro {
        #"""
        let query = #sql(
          """
          SELECT count(* -- don't count (twice
          FROM \(Reminder.self)
          WHERE "a" = ?
          """,
          as: Int.self
        )
        """#
      } diagnostics: {
        #"""
        let query = #sql(
          """
          SELECT count(* -- don't count (twice
                      ╰─ 🛑 '(' in SQL is never closed
          FROM \(Reminder.self)
          WHERE "a" = ?
                      ╰─ 🛑 placeholder '?' in SQL is never bound; bind values by interpolating them: \(value)
          """,
          as: Int.self
        )
        """#
      }
    }

    @Test func unterminatedQuotes() {
      assertMacro {
        """
        #sql("\\($0.title) = 'milk AND \\($0.id) > 0")
        #sql("SELECT \\"title FROM reminders")
        """
      } diagnostics: {
        #"""
        #sql("\($0.title) = 'milk AND \($0.id) > 0")
                            ╰─ 🛑 unterminated string literal in SQL; close it with '
        #sql("SELECT \"title FROM reminders")
              ╰─ 🛑 unterminated quoted identifier in SQL; close it with "
        """#
      }
    }

    @Test func unbalancedParentheses() {
      assertMacro {
        """
        #sql("coalesce(\\($0.priority), (1)")
        #sql("count(*))")
        """
      } diagnostics: {
        #"""
        #sql("coalesce(\($0.priority), (1)")
                      ╰─ 🛑 '(' in SQL is never closed
        #sql("count(*))")
                      ╰─ 🛑 ')' in SQL has no matching '('
        """#
      }
    }

    @Test func placeholders() {
      assertMacro {
        """
        #sql("\\($0.title) = ? OR \\($0.id) = $12 OR \\($0.id) = ?3 OR price > $ OR '?' = \\"$1\\"")
        """
      } diagnostics: {
        #"""
        #sql("\($0.title) = ? OR \($0.id) = $12 OR \($0.id) = ?3 OR price > $ OR '?' = \"$1\"")
                            │               │              ╰─ 🛑 placeholder '?3' in SQL is never bound; bind values by interpolating them: \(value)
                            │               ╰─ 🛑 placeholder '$12' in SQL is never bound; bind values by interpolating them: \(value)
                            ╰─ 🛑 placeholder '?' in SQL is never bound; bind values by interpolating them: \(value)
        """#
      }
    }

    @Test func nonLiteralArgument() {
      assertMacro {
        """
        #sql(fragment, as: Int.self)
        """
      } diagnostics: {
        #"""
        #sql(fragment, as: Int.self)
             ┬───────
             ╰─ 🛑 '#sql' requires a string literal; interpolate values into it with \(value)
        """#
      }
    }

    @Test func escapedText() {
      assertMacro {
        #"""
        #sql("\"title\" = 'it''s' AND (\t?")
        """#
      } diagnostics: {
        #"""
        #sql("\"title\" = 'it''s' AND (\t?")
              ├─ 🛑 placeholder '?' in SQL is never bound; bind values by interpolating them: \(value)
              ╰─ 🛑 '(' in SQL is never closed
        """#
      }
    }
  }
}
