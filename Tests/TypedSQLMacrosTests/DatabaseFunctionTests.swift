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

        struct __DatabaseFunction_isPastDue: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = Reminder
          let function: TypedSQLSQLite.SQLiteFunction<Bool>
          init(_ body: @escaping @Sendable (Reminder) throws -> Bool) {
            function = TypedSQLSQLite.SQLiteFunction<Bool>("isPastDue", isDeterministic: false, body)
          }
          func callAsFunction(reminder: some TypedSQLCore.QueryProjection<Reminder>) -> TypedSQLCore.SQLQueryExpression<Bool> {
            function(reminder)
          }
        }

        let $isPastDue = __DatabaseFunction_isPastDue { (reminder: Reminder) in
          isPastDue(reminder: reminder)
        }
        """
      }
    }

    /// A table's draft is passed as the table's row (its columns) and turned into the draft in
    /// the closure SQLite calls, one by one in an aggregate.
    @Test func draftParameters() {
      assertMacro {
        """
        @DatabaseFunction
        func isValidDraft(_ tag: Tag.Draft) -> Bool { !tag.title.isEmpty }
        @DatabaseFunction
        func titles(_ drafts: some Sequence<Tag.Draft>) -> String { drafts.map(\\.title).joined() }
        """
      } expansion: {
        #"""
        func isValidDraft(_ tag: Tag.Draft) -> Bool { !tag.title.isEmpty }

        struct __DatabaseFunction_isValidDraft: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = Tag.Draft.Into
          let function: TypedSQLSQLite.SQLiteFunction<Bool>
          init(_ body: @escaping @Sendable (Tag.Draft.Into) throws -> Bool) {
            function = TypedSQLSQLite.SQLiteFunction<Bool>("isValidDraft", isDeterministic: false, body)
          }
          func callAsFunction(_ tag: some TypedSQLCore.QueryProjection<Tag.Draft.Into>) -> TypedSQLCore.SQLQueryExpression<Bool> {
            function(tag)
          }
        }

        let $isValidDraft = __DatabaseFunction_isValidDraft { (tag: Tag.Draft.Into) in
          isValidDraft(Tag.Draft(tag))
        }
        func titles(_ drafts: some Sequence<Tag.Draft>) -> String { drafts.map(\.title).joined() }

        struct __DatabaseFunction_titles: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
          typealias Arguments = Tag.Draft.Into
          let function: TypedSQLSQLite.SQLiteFunction<String>
          init(_ body: @escaping @Sendable ([Tag.Draft.Into]) throws -> String) {
            function = TypedSQLSQLite.SQLiteFunction<String>(
              "titles", isDeterministic: false, initial: [Tag.Draft.Into](),
              step: { (rows: inout [Tag.Draft.Into], drafts: Tag.Draft.Into) in
                rows.append(drafts)
              },
              finish: body)
          }
          func callAsFunction(_ drafts: some TypedSQLCore.QueryProjection<Tag.Draft.Into>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<String> {
            function.aggregateCall(drafts, distinct: distinct, order: order, filter: filter?.queryNode)
          }
        }

        let $titles = __DatabaseFunction_titles { (values: [Tag.Draft.Into]) in
          titles(values.map(Tag.Draft.init))
        }
        """#
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

        public struct __DatabaseFunction_shout: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          public typealias Arguments = (String, Int)
          public let function: TypedSQLSQLite.SQLiteFunction<String>
          public init(_ body: @escaping @Sendable (String, Int) throws -> String) {
            function = TypedSQLSQLite.SQLiteFunction<String>("shout", isDeterministic: true, body)
          }
          public func callAsFunction(_ text: some TypedSQLCore.QueryProjection<String>, times count: some TypedSQLCore.QueryProjection<Int>) -> TypedSQLCore.SQLQueryExpression<String> {
            function(text, count)
          }
        }

        public let $shout = __DatabaseFunction_shout { (text: String, count: Int) in
          try shout(text, times: count)
        }
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

          fileprivate struct __DatabaseFunction_initials: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
            typealias Arguments = (String, Bool)
            let function: TypedSQLSQLite.SQLiteFunction<Formatting.Initials?>
            init(_ body: @escaping @Sendable (String, Bool) throws -> Formatting.Initials?) {
              function = TypedSQLSQLite.SQLiteFunction<Formatting.Initials?>("initials", isDeterministic: true, body)
            }
            func callAsFunction(of name: some TypedSQLCore.QueryProjection<String>, _ argument1: some TypedSQLCore.QueryProjection<Bool>) -> TypedSQLCore.SQLQueryExpression<Formatting.Initials?> {
              function(name, argument1)
            }
          }

          fileprivate static let $initials = __DatabaseFunction_initials { (name: String, argument1: Bool) in
            Formatting.initials(of: name, argument1)
          }
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

          package struct __DatabaseFunction_default: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
            package typealias Arguments = ()
            package let function: TypedSQLSQLite.SQLiteFunction<Reminder>
            package init(_ body: @escaping @Sendable () throws -> Reminder) {
              function = TypedSQLSQLite.SQLiteFunction<Reminder>("default", isDeterministic: false, body)
            }
            package func callAsFunction() -> TypedSQLCore.SQLQueryExpression<Reminder> {
              function()
            }
          }

          package static let $default = __DatabaseFunction_default { () in
            Reminder.`default`()
          }
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

        struct __DatabaseFunction_answer: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = ()
          let function: TypedSQLSQLite.SQLiteFunction<Int>
          init(_ body: @escaping @Sendable () throws -> Int) {
            function = TypedSQLSQLite.SQLiteFunction<Int>("answer", isDeterministic: false, body)
          }
          func callAsFunction() -> TypedSQLCore.SQLQueryExpression<Int> {
            function()
          }
        }

        let $answer = __DatabaseFunction_answer { () in
          answer()
        }
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

        struct __DatabaseFunction_sortedTitles: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
          typealias Arguments = String
          let function: TypedSQLSQLite.SQLiteFunction<String>
          init(_ body: @escaping @Sendable ([String]) throws -> String) {
            function = TypedSQLSQLite.SQLiteFunction<String>(
              "sortedTitles", isDeterministic: false, initial: [String](),
              step: { (rows: inout [String], titles: String) in
                rows.append(titles)
              },
              finish: body)
          }
          func callAsFunction(_ titles: some TypedSQLCore.QueryProjection<String>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<String> {
            function.aggregateCall(titles, distinct: distinct, order: order, filter: filter?.queryNode)
          }
        }

        let $sortedTitles = __DatabaseFunction_sortedTitles { (values: [String]) in
          sortedTitles(values)
        }
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

          public struct __DatabaseFunction_median: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
            public typealias Arguments = Double?
            public let function: TypedSQLSQLite.SQLiteFunction<Double?>
            public init(_ body: @escaping @Sendable ([Double?]) throws -> Double?) {
              function = TypedSQLSQLite.SQLiteFunction<Double?>(
                "median", isDeterministic: true, initial: [Double?](),
                step: { (rows: inout [Double?], values: Double?) in
                  rows.append(values)
                },
                finish: body)
            }
            public func callAsFunction(of values: some TypedSQLCore.QueryProjection<Double?>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<Double?> {
              function.aggregateCall(values, distinct: distinct, order: order, filter: filter?.queryNode)
            }
          }

          public static let $median = __DatabaseFunction_median { (values: [Double?]) in
            try Statistics.median(of: values)
          }
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

        struct __DatabaseFunction_total: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
          typealias Arguments = Int?
          let function: TypedSQLSQLite.SQLiteFunction<Int>
          init(_ body: @escaping @Sendable ([Int?]) throws -> Int) {
            function = TypedSQLSQLite.SQLiteFunction<Int>(
              "total", isDeterministic: false, initial: [Int?](),
              step: { (rows: inout [Int?], amounts: Int?) in
                rows.append(amounts)
              },
              finish: body)
          }
          func callAsFunction(_ amounts: some TypedSQLCore.QueryProjection<Int?>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<Int> {
            function.aggregateCall(amounts, distinct: distinct, order: order, filter: filter?.queryNode)
          }
        }

        let $total = __DatabaseFunction_total { (values: [Int?]) in
          total(values)
        }
        func checksum(_ bytes: [UInt8]) -> Int { 0 }

        struct __DatabaseFunction_checksum: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = [UInt8]
          let function: TypedSQLSQLite.SQLiteFunction<Int>
          init(_ body: @escaping @Sendable ([UInt8]) throws -> Int) {
            function = TypedSQLSQLite.SQLiteFunction<Int>("checksum", isDeterministic: false, body)
          }
          func callAsFunction(_ bytes: some TypedSQLCore.QueryProjection<[UInt8]>) -> TypedSQLCore.SQLQueryExpression<Int> {
            function(bytes)
          }
        }

        let $checksum = __DatabaseFunction_checksum { (bytes: [UInt8]) in
          checksum(bytes)
        }
        """
      }
    }

    /// An instance method: `$name` is a computed property whose closure captures the value.
    /// Default values are the call's defaults, `nil` spelled as the parameter type's `none`.
    @Test func instanceMethodWithDefaults() {
      assertMacro {
        """
        struct Formatting {
          @DatabaseFunction
          func dateTime(_ format: String? = nil, separator: String = " ") -> Date? { nil }
        }
        """
      } expansion: {
        """
        struct Formatting {
          func dateTime(_ format: String? = nil, separator: String = " ") -> Date? { nil }

          struct __DatabaseFunction_dateTime: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
            typealias Arguments = (String?, String)
            let function: TypedSQLSQLite.SQLiteFunction<Date?>
            init(_ body: @escaping @Sendable (String?, String) throws -> Date?) {
              function = TypedSQLSQLite.SQLiteFunction<Date?>("dateTime", isDeterministic: false, body)
            }
            func callAsFunction(_ format: some TypedSQLCore.QueryProjection<String?> = String?.none, separator: some TypedSQLCore.QueryProjection<String> = " ") -> TypedSQLCore.SQLQueryExpression<Date?> {
              function(format, separator)
            }
          }

          var $dateTime: __DatabaseFunction_dateTime {
            __DatabaseFunction_dateTime { [self] (format: String?, separator: String) in
              self.dateTime(format, separator: separator)
            }
          }
        }
        """
      }
    }

    /// An instance method of a class: the closure holds the object weakly. A function that
    /// returns nothing returns `SQLiteFunctionVoid`.
    @Test func classMethodReturningNothing() {
      assertMacro {
        """
        final class Logger {
          var messages: [String] = []
          @DatabaseFunction
          func log(_ message: String) {
            messages.append(message)
          }
        }
        """
      } expansion: {
        """
        final class Logger {
          var messages: [String] = []
          func log(_ message: String) {
            messages.append(message)
          }

          struct __DatabaseFunction_log: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
            typealias Arguments = String
            let function: TypedSQLSQLite.SQLiteFunction<TypedSQLSQLite.SQLiteFunctionVoid>
            init(_ body: @escaping @Sendable (String) throws -> TypedSQLSQLite.SQLiteFunctionVoid) {
              function = TypedSQLSQLite.SQLiteFunction<TypedSQLSQLite.SQLiteFunctionVoid>("log", isDeterministic: false, body)
            }
            func callAsFunction(_ message: some TypedSQLCore.QueryProjection<String>) -> TypedSQLCore.SQLQueryExpression<TypedSQLSQLite.SQLiteFunctionVoid> {
              function(message)
            }
          }

          var $log: __DatabaseFunction_log {
            __DatabaseFunction_log { [owner = TypedSQLSQLite.SQLiteFunctionOwner(self)] (message: String) in
              try owner.object().log(message)
              return TypedSQLSQLite.SQLiteFunctionVoid()
            }
          }
        }
        """
      }
    }

    /// A computed property is a function of no arguments, and its definition is the expression
    /// of its call; `as:` gives its result's representation.
    @Test func computedProperties() {
      assertMacro {
        """
        struct Clock {
          @DatabaseFunction
          var epoch: Date { Date(timeIntervalSince1970: 0) }
          @DatabaseFunction("epoch", as: Date.UnixTimeRepresentation.self)
          static var seconds: Date {
            get throws { Date(timeIntervalSinceReferenceDate: 0) }
          }
        }
        """
      } expansion: {
        """
        struct Clock {
          var epoch: Date { Date(timeIntervalSince1970: 0) }

          struct __DatabaseFunction_epoch: TypedSQLSQLite.SQLiteScalarFunctionDefinition, TypedSQLCore.QueryExpression, TypedSQLCore.QueryProjection {
            typealias Arguments = ()
            let function: TypedSQLSQLite.SQLiteFunction<Date>
            init(_ body: @escaping @Sendable () throws -> Date) {
              function = TypedSQLSQLite.SQLiteFunction<Date>("epoch", isDeterministic: false, body)
            }
            typealias QueryValue = Date
            typealias Row = Date
            var queryNode: TypedSQLCore.SQLExpression {
              function().queryNode
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              function().appendSelection(to: &columns)
            }
          }

          var $epoch: __DatabaseFunction_epoch {
            __DatabaseFunction_epoch { [self] () in
              self.epoch
            }
          }
          static var seconds: Date {
            get throws { Date(timeIntervalSinceReferenceDate: 0) }
          }

          struct __DatabaseFunction_seconds: TypedSQLSQLite.SQLiteScalarFunctionDefinition, TypedSQLCore.QueryExpression, TypedSQLCore.QueryProjection {
            typealias Arguments = ()
            let function: TypedSQLSQLite.SQLiteFunction<Date.UnixTimeRepresentation>
            init(_ body: @escaping @Sendable () throws -> Date.UnixTimeRepresentation) {
              function = TypedSQLSQLite.SQLiteFunction<Date.UnixTimeRepresentation>("epoch", isDeterministic: false, body)
            }
            typealias QueryValue = Date.UnixTimeRepresentation
            typealias Row = Date.UnixTimeRepresentation
            var queryNode: TypedSQLCore.SQLExpression {
              function().queryNode
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              function().appendSelection(to: &columns)
            }
          }

          static let $seconds = __DatabaseFunction_seconds { () in
            try Date.UnixTimeRepresentation(queryOutput: Clock.seconds)
          }
        }
        """
      }
    }

    /// `as:` a function type: SQL passes the arguments and result in these representations, the
    /// Swift function takes and returns their `queryOutput`.
    @Test func functionRepresentation() {
      assertMacro {
        """
        @DatabaseFunction(as: (([String].JSONRepresentation, Int) -> [String].JSONRepresentation).self)
        func dropFirst(_ strings: [String], _ k: Int = 1) -> [String] { Array(strings.dropFirst(k)) }
        """
      } expansion: {
        """
        func dropFirst(_ strings: [String], _ k: Int = 1) -> [String] { Array(strings.dropFirst(k)) }

        struct __DatabaseFunction_dropFirst: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = ([String].JSONRepresentation, Int)
          let function: TypedSQLSQLite.SQLiteFunction<[String].JSONRepresentation>
          init(_ body: @escaping @Sendable ([String].JSONRepresentation, Int) throws -> [String].JSONRepresentation) {
            function = TypedSQLSQLite.SQLiteFunction<[String].JSONRepresentation>("dropFirst", isDeterministic: false, body)
          }
          func callAsFunction(_ strings: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<[String].JSONRepresentation>>, _ k: some TypedSQLCore.QueryProjection<Int> = 1) -> TypedSQLCore.SQLQueryExpression<[String].JSONRepresentation> {
            function(strings.handles, k)
          }
        }

        let $dropFirst = __DatabaseFunction_dropFirst { (strings: [String].JSONRepresentation, k: Int) in
          [String].JSONRepresentation(queryOutput: dropFirst(strings.queryOutput, k))
        }
        """
      }
    }

    /// An aggregate of several arguments per row, a tuple element; and one whose rows SQL passes
    /// in a representation.
    @Test func multiArgumentAndRepresentedAggregates() {
      assertMacro {
        """
        @DatabaseFunction
        func joined(_ rows: some Sequence<(String, separator: String)>) -> String { "" }
        @DatabaseFunction(as: ((any Sequence<[String].JSONRepresentation>) -> Int).self)
        func count(_ arrays: some Sequence<[String]>) -> Int { 0 }
        """
      } expansion: {
        #"""
        func joined(_ rows: some Sequence<(String, separator: String)>) -> String { "" }

        struct __DatabaseFunction_joined: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
          typealias Arguments = (String, String)
          let function: TypedSQLSQLite.SQLiteFunction<String>
          init(_ body: @escaping @Sendable ([(String, separator: String)]) throws -> String) {
            function = TypedSQLSQLite.SQLiteFunction<String>(
              "joined", isDeterministic: false, initial: [(String, separator: String)](),
              step: { (rows: inout [(String, separator: String)], argument0: String, separator: String) in
                rows.append((argument0, separator: separator))
              },
              finish: body)
          }
          func callAsFunction(_ argument0: some TypedSQLCore.QueryProjection<String>, separator: some TypedSQLCore.QueryProjection<String>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<String> {
            function.aggregateCall(argument0, separator, distinct: distinct, order: order, filter: filter?.queryNode)
          }
        }

        let $joined = __DatabaseFunction_joined { (values: [(String, separator: String)]) in
          joined(values)
        }
        func count(_ arrays: some Sequence<[String]>) -> Int { 0 }

        struct __DatabaseFunction_count: TypedSQLSQLite.SQLiteAggregateFunctionDefinition {
          typealias Arguments = [String].JSONRepresentation
          let function: TypedSQLSQLite.SQLiteFunction<Int>
          init(_ body: @escaping @Sendable ([[String].JSONRepresentation]) throws -> Int) {
            function = TypedSQLSQLite.SQLiteFunction<Int>(
              "count", isDeterministic: false, initial: [[String].JSONRepresentation](),
              step: { (rows: inout [[String].JSONRepresentation], arrays: [String].JSONRepresentation) in
                rows.append(arrays)
              },
              finish: body)
          }
          func callAsFunction(_ arrays: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<[String].JSONRepresentation>>, distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none) -> TypedSQLCore.SQLQueryExpression<Int> {
            function.aggregateCall(arrays.handles, distinct: distinct, order: order, filter: filter?.queryNode)
          }
        }

        let $count = __DatabaseFunction_count { (values: [[String].JSONRepresentation]) in
          count(values.map(\.queryOutput))
        }
        """#
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

        struct __DatabaseFunction_fetchTitle: TypedSQLSQLite.SQLiteScalarFunctionDefinition {
          typealias Arguments = Int
          let function: TypedSQLSQLite.SQLiteFunction<String>
          init(_ body: @escaping @Sendable (Int) throws -> String) {
            function = TypedSQLSQLite.SQLiteFunction<String>("fetchTitle", isDeterministic: false, body)
          }
          func callAsFunction(id: some TypedSQLCore.QueryProjection<Int>) -> TypedSQLCore.SQLQueryExpression<String> {
            function(id)
          }
        }

        let $fetchTitle = __DatabaseFunction_fetchTitle { (id: Int) in
          try fetchTitle(id: id)
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
        func combine(total: inout Int, values: Int...) -> String { "" }
        """
      } diagnostics: {
        """
        @DatabaseFunction
        func combine(total: inout Int, values: Int...) -> String { "" }
                                                  ┬──
                            │                     ╰─ 🛑 database function parameter 'values' cannot be variadic
                            ┬────
                            ╰─ 🛑 database function parameter 'total' cannot be 'inout'
        """
      }
    }

    /// `as:` must be a type literal: a function type of the function's parameters, or a type for
    /// a computed property.
    @Test func representationMismatch() {
      assertMacro {
        """
        @DatabaseFunction(as: ((String) -> String).self)
        func combine(_ first: String, _ second: String) -> String { first + second }
        @DatabaseFunction(as: representation)
        var now: Date { Date() }
        """
      } diagnostics: {
        """
        @DatabaseFunction(as: ((String) -> String).self)
                              ┬────────────────────────
                              ╰─ 🛑 '@DatabaseFunction' argument 'as' must be a function type literal of the function's 2 parameters, such as '((A, B) -> R).self'
        func combine(_ first: String, _ second: String) -> String { first + second }
        @DatabaseFunction(as: representation)
                              ┬─────────────
                              ╰─ 🛑 '@DatabaseFunction' argument 'as' must be a type literal, such as 'Representation.self'
        var now: Date { Date() }
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
        ╰─ 🛑 '@DatabaseFunction' can only be applied to a function or a computed property
        @DatabaseFunction static func == (lhs: Reminder, rhs: Reminder) -> Bool { true }
                                      ┬─
                                      ╰─ 🛑 '@DatabaseFunction' cannot be applied to an operator
        """
      }
    }
  }
}
