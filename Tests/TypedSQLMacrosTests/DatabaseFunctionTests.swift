import MacroTesting
import Testing

extension MacroExpansionTests {
  /// `@DatabaseFunction` adds a definition type and a `$` value that registers the function with
  /// SQLite and calls it in queries.
  @Suite struct DatabaseFunction {
    @Test func globalFunction() {
      assertMacro {
        """
        @DatabaseFunction
        func isPastDue(reminder: Reminder) -> Bool { !reminder.isCompleted && reminder.dueDate < Date() }
        """
      } expansion: {
        """
        func isPastDue(reminder: Reminder) -> Bool { !reminder.isCompleted && reminder.dueDate < Date() }

        struct __DatabaseFunction_isPastDue: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<Bool>("isPastDue", isDeterministic: false) { (reminder: Reminder) in
            isPastDue(reminder: reminder)
          }
          func callAsFunction(reminder: some TypedSQLCore.QueryProjection<Reminder>) -> TypedSQLCore.SQLQueryExpression<Bool> {
            function(reminder)
          }
        }

        let $isPastDue = __DatabaseFunction_isPastDue()
        """
      }
    }

    @Test func explicitNameThrowingUnlabeled() {
      assertMacro {
        """
        @DatabaseFunction("shout", isDeterministic: true)
        public func shout(_ text: String, times count: Int) throws -> String {
          String(repeating: text.uppercased(), count: count)
        }
        """
      } expansion: {
        """
        public func shout(_ text: String, times count: Int) throws -> String {
          String(repeating: text.uppercased(), count: count)
        }

        public struct __DatabaseFunction_shout: TypedSQLSQLite.SQLiteFunctionDefinition {
          public let function = TypedSQLSQLite.SQLiteFunction<String>("shout", isDeterministic: true) { (text: String, count: Int) throws in
            try shout(text, times: count)
          }
          public func callAsFunction(_ text: some TypedSQLCore.QueryProjection<String>, times count: some TypedSQLCore.QueryProjection<Int>) -> TypedSQLCore.SQLQueryExpression<String> {
            function(text, count)
          }
        }

        public let $shout = __DatabaseFunction_shout()
        """
      }
    }

    @Test func staticFunction() {
      assertMacro {
        """
        enum Formatting {
          @DatabaseFunction(isDeterministic: true)
          fileprivate static func initials(of name: String, _: Bool) -> Self.Initials? {
            nil
          }
        }
        """
      } expansion: {
        """
        enum Formatting {
          fileprivate static func initials(of name: String, _: Bool) -> Self.Initials? {
            nil
          }

          fileprivate struct __DatabaseFunction_initials: TypedSQLSQLite.SQLiteFunctionDefinition {
            let function = TypedSQLSQLite.SQLiteFunction<Formatting.Initials?>("initials", isDeterministic: true) { (name: String, __macro_local_8argumentfMu_: Bool) in
              Formatting.initials(of: name, __macro_local_8argumentfMu_)
            }
            func callAsFunction(of name: some TypedSQLCore.QueryProjection<String>, _ __macro_local_8argumentfMu_: some TypedSQLCore.QueryProjection<Bool>) -> TypedSQLCore.SQLQueryExpression<Formatting.Initials?> {
              function(name, __macro_local_8argumentfMu_)
            }
          }

          fileprivate static let $initials = __DatabaseFunction_initials()
        }
        """
      }
    }

    @Test func staticFunctionInExtension() {
      assertMacro {
        """
        extension Reminder {
          @DatabaseFunction package static func `default`() -> Reminder { Reminder() }
        }
        """
      } expansion: {
        """
        extension Reminder {
          package static func `default`() -> Reminder { Reminder() }

          package struct __DatabaseFunction_default: TypedSQLSQLite.SQLiteFunctionDefinition {
            package let function = TypedSQLSQLite.SQLiteFunction<Reminder>("default", isDeterministic: false) { () in
              Reminder.`default`()
            }
            package func callAsFunction() -> TypedSQLCore.SQLQueryExpression<Reminder> {
              function()
            }
          }

          package static let $default = __DatabaseFunction_default()
        }
        """
      }
    }

    @Test func noParameters() {
      assertMacro {
        """
        @DatabaseFunction func answer() -> Int { 42 }
        """
      } expansion: {
        """
        func answer() -> Int { 42 }

        struct __DatabaseFunction_answer: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<Int>("answer", isDeterministic: false) { () in
            answer()
          }
          func callAsFunction() -> TypedSQLCore.SQLQueryExpression<Int> {
            function()
          }
        }

        let $answer = __DatabaseFunction_answer()
        """
      }
    }

    /// A function of one `some Sequence<Element>` is an aggregate: the definition collects the
    /// group's values and passes them to the function when the group ends.
    @Test func aggregate() {
      assertMacro {
        """
        @DatabaseFunction
        func sortedTitles(_ titles: some Sequence<String>) -> String { titles.sorted().joined(separator: ", ") }
        """
      } expansion: {
        """
        func sortedTitles(_ titles: some Sequence<String>) -> String { titles.sorted().joined(separator: ", ") }

        struct __DatabaseFunction_sortedTitles: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<String>(
            "sortedTitles", isDeterministic: false, initial: [String](),
            step: { (values: inout [String], value: String) in
              values.append(value)
            },
            finish: { values in
              sortedTitles(values)
            })
          func callAsFunction(_ titles: some TypedSQLCore.QueryProjection<String>) -> TypedSQLCore.SQLQueryExpression<String> {
            function(titles)
          }
        }

        let $sortedTitles = __DatabaseFunction_sortedTitles()
        """
      }
    }

    @Test func throwingStaticAggregate() {
      assertMacro {
        """
        enum Statistics {
          @DatabaseFunction("median", isDeterministic: true)
          public static func median(of values: some Sequence<Double?>) throws -> Double? {
            nil
          }
        }
        """
      } expansion: {
        """
        enum Statistics {
          public static func median(of values: some Sequence<Double?>) throws -> Double? {
            nil
          }

          public struct __DatabaseFunction_median: TypedSQLSQLite.SQLiteFunctionDefinition {
            public let function = TypedSQLSQLite.SQLiteFunction<Double?>(
              "median", isDeterministic: true, initial: [Double?](),
              step: { (values: inout [Double?], value: Double?) in
                values.append(value)
              },
              finish: { values in
                try Statistics.median(of: values)
              })
            public func callAsFunction(of values: some TypedSQLCore.QueryProjection<Double?>) -> TypedSQLCore.SQLQueryExpression<Double?> {
              function(values)
            }
          }

          public static let $median = __DatabaseFunction_median()
        }
        """
      }
    }

    /// An array parameter is an aggregate too, except `[UInt8]`, which SQLite passes as a blob.
    @Test func arrayAggregate() {
      assertMacro {
        """
        @DatabaseFunction func total(_ amounts: [Int?]) -> Int { amounts.reduce(0) { $0 + ($1 ?? 0) } }
        @DatabaseFunction func checksum(_ bytes: [UInt8]) -> Int { 0 }
        """
      } expansion: {
        """
        func total(_ amounts: [Int?]) -> Int { amounts.reduce(0) { $0 + ($1 ?? 0) } }

        struct __DatabaseFunction_total: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<Int>(
            "total", isDeterministic: false, initial: [Int?](),
            step: { (values: inout [Int?], value: Int?) in
              values.append(value)
            },
            finish: { values in
              total(values)
            })
          func callAsFunction(_ amounts: some TypedSQLCore.QueryProjection<Int?>) -> TypedSQLCore.SQLQueryExpression<Int> {
            function(amounts)
          }
        }

        let $total = __DatabaseFunction_total()
        func checksum(_ bytes: [UInt8]) -> Int { 0 }

        struct __DatabaseFunction_checksum: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<Int>("checksum", isDeterministic: false) { (bytes: [UInt8]) in
            checksum(bytes)
          }
          func callAsFunction(_ bytes: some TypedSQLCore.QueryProjection<[UInt8]>) -> TypedSQLCore.SQLQueryExpression<Int> {
            function(bytes)
          }
        }

        let $checksum = __DatabaseFunction_checksum()
        """
      }
    }
  }

  /// The errors `@DatabaseFunction` reports, with their fix-its.
  @Suite struct DatabaseFunctionDiagnostics {
    @Test func asyncFunction() {
      assertMacro {
        """
        @DatabaseFunction func fetchTitle(id: Int) async throws -> String { "" }
        """
      } diagnostics: {
        """
        @DatabaseFunction func fetchTitle(id: Int) async throws -> String { "" }
                                                   ┬────
                                                   ╰─ 🛑 database functions run synchronously inside SQLite; remove 'async'
                                                      ✏️ Remove 'async'
        """
      } fixes: {
        """
        @DatabaseFunction func fetchTitle(id: Int) throws -> String { "" }
        """
      } expansion: {
        """
        func fetchTitle(id: Int) throws -> String { "" }

        struct __DatabaseFunction_fetchTitle: TypedSQLSQLite.SQLiteFunctionDefinition {
          let function = TypedSQLSQLite.SQLiteFunction<String>("fetchTitle", isDeterministic: false) { (id: Int) throws in
            try fetchTitle(id: id)
          }
          func callAsFunction(id: some TypedSQLCore.QueryProjection<Int>) -> TypedSQLCore.SQLQueryExpression<String> {
            function(id)
          }
        }

        let $fetchTitle = __DatabaseFunction_fetchTitle()
        """
      }
    }

    @Test func noResult() {
      assertMacro {
        """
        @DatabaseFunction func log(message: String) {}
        @DatabaseFunction func touch() -> Void {}
        @DatabaseFunction func nothing() -> () {}
        """
      } diagnostics: {
        """
        @DatabaseFunction func log(message: String) {}
                               ┬──
                               ╰─ 🛑 a database function must return a value
        @DatabaseFunction func touch() -> Void {}
                                          ┬───
                                          ╰─ 🛑 a database function must return a value
        @DatabaseFunction func nothing() -> () {}
                                            ┬─
                                            ╰─ 🛑 a database function must return a value
        """
      }
    }

    /// The expansion is of the fixed source, which MacroTesting expands without a lexical
    /// context, so the calls are not qualified by the type; unqualified, they still find its
    /// static functions.
    @Test func instanceMethod() {
      assertMacro {
        """
        struct Formatting {
          @DatabaseFunction
          func shout(_ text: String) -> String { text.uppercased() }
          @DatabaseFunction public func whisper(_ text: String) -> String { text.lowercased() }
        }
        """
      } diagnostics: {
        """
        struct Formatting {
          @DatabaseFunction
          ┬────────────────
          ╰─ 🛑 '@DatabaseFunction' applies to a global or static function
             ✏️ Insert 'static'
          func shout(_ text: String) -> String { text.uppercased() }
          @DatabaseFunction public func whisper(_ text: String) -> String { text.lowercased() }
          ┬────────────────
          ╰─ 🛑 '@DatabaseFunction' applies to a global or static function
             ✏️ Insert 'static'
        }
        """
      } fixes: {
        """
        struct Formatting {
          @DatabaseFunction
          static func shout(_ text: String) -> String { text.uppercased() }
          @DatabaseFunction public static func whisper(_ text: String) -> String { text.lowercased() }
        }
        """
      } expansion: {
        """
        struct Formatting {
          static func shout(_ text: String) -> String { text.uppercased() }

          struct __DatabaseFunction_shout: TypedSQLSQLite.SQLiteFunctionDefinition {
            let function = TypedSQLSQLite.SQLiteFunction<String>("shout", isDeterministic: false) { (text: String) in
              shout(text)
            }
            func callAsFunction(_ text: some TypedSQLCore.QueryProjection<String>) -> TypedSQLCore.SQLQueryExpression<String> {
              function(text)
            }
          }

          static let $shout = __DatabaseFunction_shout()
          public static func whisper(_ text: String) -> String { text.lowercased() }

          public struct __DatabaseFunction_whisper: TypedSQLSQLite.SQLiteFunctionDefinition {
            public let function = TypedSQLSQLite.SQLiteFunction<String>("whisper", isDeterministic: false) { (text: String) in
              whisper(text)
            }
            public func callAsFunction(_ text: some TypedSQLCore.QueryProjection<String>) -> TypedSQLCore.SQLQueryExpression<String> {
              function(text)
            }
          }

          public static let $whisper = __DatabaseFunction_whisper()
        }
        """
      }
    }

    @Test func nameNotLiteral() {
      assertMacro {
        """
        @DatabaseFunction(functionName, isDeterministic: deterministic)
        func shout(_ text: String) -> String { text.uppercased() }
        @DatabaseFunction("")
        func whisper(_ text: String) -> String { text.lowercased() }
        """
      } diagnostics: {
        """
        @DatabaseFunction(functionName, isDeterministic: deterministic)
                                                         ┬────────────
                          │                              ╰─ 🛑 '@DatabaseFunction' argument 'isDeterministic' must be 'true' or 'false'
                          ┬───────────
                          ╰─ 🛑 '@DatabaseFunction' name must be a string literal
        func shout(_ text: String) -> String { text.uppercased() }
        @DatabaseFunction("")
                          ┬─
                          ╰─ 🛑 '@DatabaseFunction' name must not be empty
        func whisper(_ text: String) -> String { text.lowercased() }
        """
      }
    }

    @Test func genericFunction() {
      assertMacro {
        """
        @DatabaseFunction func first<T: QueryDecodable>(_ value: T) -> T { value }
        @DatabaseFunction func second(_ value: some QueryDecodable) -> Int { 0 }
        @DatabaseFunction func third(_ value: Int) -> some QueryBindable { value }
        """
      } diagnostics: {
        """
        @DatabaseFunction func first<T: QueryDecodable>(_ value: T) -> T { value }
                                    ┬──────────────────
                                    ╰─ 🛑 '@DatabaseFunction' does not support generic functions; SQLite calls it with concrete types
        @DatabaseFunction func second(_ value: some QueryDecodable) -> Int { 0 }
                                               ┬──────────────────
                                               ╰─ 🛑 '@DatabaseFunction' does not support generic functions; SQLite calls it with concrete types
        @DatabaseFunction func third(_ value: Int) -> some QueryBindable { value }
                                                      ┬─────────────────
                                                      ╰─ 🛑 '@DatabaseFunction' does not support generic functions; SQLite calls it with concrete types
        """
      }
    }

    @Test func aggregateWithOtherParameters() {
      assertMacro {
        """
        @DatabaseFunction
        func joined(_ titles: some Sequence<String>, separator: String) -> String { "" }
        @DatabaseFunction
        func mostCommon(_ titles: [String], limit: Int) -> String { "" }
        @DatabaseFunction
        func longest(_ titles: some Sequence<some StringProtocol>) -> String { "" }
        """
      } diagnostics: {
        """
        @DatabaseFunction
        func joined(_ titles: some Sequence<String>, separator: String) -> String { "" }
                              ┬────────────────────
                              ╰─ 🛑 an aggregate database function takes one 'some Sequence<…>' parameter
        @DatabaseFunction
        func mostCommon(_ titles: [String], limit: Int) -> String { "" }
                                  ┬───────
                                  ╰─ 🛑 an aggregate database function takes one 'some Sequence<…>' parameter
        @DatabaseFunction
        func longest(_ titles: some Sequence<some StringProtocol>) -> String { "" }
                                             ┬──────────────────
                                             ╰─ 🛑 '@DatabaseFunction' does not support generic functions; SQLite calls it with concrete types
        """
      }
    }

    @Test func unsupportedParameters() {
      assertMacro {
        """
        @DatabaseFunction
        func combine(total: inout Int, values: Int..., separator: String = ",") -> String { "" }
        """
      } diagnostics: {
        """
        @DatabaseFunction
        func combine(total: inout Int, values: Int..., separator: String = ",") -> String { "" }
                                                                         ┬────
                            │                     │                      ╰─ 🛑 database function parameter 'separator' cannot have a default value; SQL passes every argument
                                                  ┬──
                            │                     ╰─ 🛑 database function parameter 'values' cannot be variadic
                            ┬────
                            ╰─ 🛑 database function parameter 'total' cannot be 'inout'
        """
      }
    }

    @Test func notOnFunction() {
      assertMacro {
        """
        @DatabaseFunction var isPastDue = false
        @DatabaseFunction static func == (lhs: Reminder, rhs: Reminder) -> Bool { true }
        """
      } diagnostics: {
        """
        @DatabaseFunction var isPastDue = false
        ┬────────────────
        ╰─ 🛑 '@DatabaseFunction' can only be applied to a function
        @DatabaseFunction static func == (lhs: Reminder, rhs: Reminder) -> Bool { true }
                                      ┬─
                                      ╰─ 🛑 '@DatabaseFunction' cannot be applied to an operator
        """
      }
    }
  }
}
