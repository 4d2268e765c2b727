/// The state of one rendering pass: the SQL buffer and the bound values.
///
/// Placeholders are numbered in the order values first appear, once for the whole statement, and
/// a value bound twice gets the number it got the first time. That keeps `$N` stable however the
/// tree was assembled, and lets PostgreSQL match a `GROUP BY` expression with the same expression
/// in the `SELECT` list.
///
/// The text is collected as UTF-8 bytes in one buffer and becomes a `String` once, at the end:
/// rendering is on every query's path, and a byte copy costs far less than a `String` append.
/// Fixed SQL (keywords, operators, punctuation) is appended as a `StaticString`, whose bytes
/// need no conversion; text computed at render time goes through ``appendText(_:)``.
///
/// A context is one pass's state, so it cannot be copied: it is passed `inout` from node to node.
public struct RenderContext: ~Copyable {
  /// How bound values appear in the text.
  public enum BindingStyle: Sendable {
    /// As placeholders, with values in ``bindings``: the form of every statement that can take
    /// parameters.
    case placeholders
    /// As SQL literals, for display and documentation only.
    case inlineLiterals
    /// As SQL literals, executed: for a statement that cannot take parameters, such as the body
    /// of a view or a trigger. A value with no exact literal (a non-finite number, text holding
    /// a NUL) and a statement argument throw instead.
    case literals
  }

  /// The SQL rendered so far, as UTF-8.
  @usableFromInline
  var text: SQLTextBuffer
  /// The values bound so far, in placeholder-number order.
  public private(set) var bindings: [QueryBinding] = []
  /// The placeholder number of each statement argument (``SQLExpression/argument(_:)``), by
  /// argument index; 0 for an argument not rendered yet.
  public private(set) var argumentPlaceholders: [Int] = []
  /// For a dialect whose placeholders carry no number (MySQL's `?`), the placeholder number of
  /// each placeholder in the order it appears in the text; empty for numbered placeholders.
  public private(set) var positionalPlaceholders: [Int] = []
  /// How bound values appear in the text.
  public let bindingStyle: BindingStyle

  /// The placeholders the statement holds, as its database counts them against its limit: each
  /// `?` of a dialect without numbered placeholders (a value at two places takes two), one per
  /// bound value otherwise.
  public var placeholderCount: Int {
    positionalPlaceholders.isEmpty ? bindings.count : positionalPlaceholders.count
  }

  /// The first part of the statement the dialect could not write exactly (an identifier longer
  /// than the database keeps, say), noted where a spelling cannot throw; the pass fails with it
  /// when it ends (``finish()``), so nothing is ever run with a part written differently.
  public private(set) var refusal: (any Error)?

  /// Lookup from value to placeholder number, built once a statement has enough bindings that
  /// a linear scan would cost more than hashing.
  private var numbersByBinding: [QueryBinding: Int] = [:]
  private static let linearScanLimit = 16

  /// Creates an empty context.
  public init(bindingStyle: BindingStyle = .placeholders) {
    self.bindingStyle = bindingStyle
    self.text = SQLTextBuffer(initialCapacity: 512)
    bindings.reserveCapacity(8)
  }

  /// Creates an empty context that writes its text into `textStorage` until the text outgrows
  /// it, sparing a rendering pass the heap allocation of its text. The context must not outlive
  /// the storage.
  init(textStorage: UnsafeMutableBufferPointer<UInt8>) {
    self.bindingStyle = .placeholders
    self.text = SQLTextBuffer(lent: textStorage)
    bindings.reserveCapacity(8)
  }

  /// The SQL rendered so far.
  public var sql: String { text.string }

  /// The rendered statement, ending the pass, or the first ``refusal``.
  public consuming func finish() throws -> RenderedSQL {
    try checkNotRefused()
    return RenderedSQL(
      sql: text.string, bindings: bindings, argumentPlaceholders: argumentPlaceholders,
      positionalPlaceholders: positionalPlaceholders)
  }

  /// Notes that the statement cannot be written exactly: the pass fails with `error` when it
  /// ends. The first refusal is the one reported.
  public mutating func refuse(_ error: any Error) {
    if refusal == nil { refusal = error }
  }

  /// Throws the ``refusal``, if any: for a pass whose text goes into another's (a trigger's
  /// body) rather than through ``finish()``.
  public func checkNotRefused() throws {
    if let refusal { throw refusal }
  }

  /// Appends fixed SQL: a keyword, an operator or punctuation.
  @inlinable
  public mutating func append(_ sql: StaticString) {
    if sql.hasPointerRepresentation {
      text.append(UnsafeRawBufferPointer(start: sql.utf8Start, count: sql.utf8CodeUnitCount))
    } else {
      sql.withUTF8Buffer { text.append(UnsafeRawBufferPointer($0)) }
    }
  }

  /// The UTF-8 rendered so far.
  var renderedBytes: [UInt8] {
    Array(UnsafeBufferPointer(start: text.start, count: text.count))
  }

  /// Appends UTF-8 that an earlier rendering pass produced.
  mutating func appendRendered(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { text.append($0) }
  }

  /// Appends SQL text computed while rendering, such as a type name or the text of a `#sql`
  /// fragment: never a value (values are bound) nor an unquoted identifier.
  public mutating func appendText(_ sql: String) {
    let appended: Void? = sql.utf8.withContiguousStorageIfAvailable { text.append(UnsafeRawBufferPointer($0)) }
    if appended == nil {
      for byte in sql.utf8 { text.append(byte) }
    }
  }

  /// Appends `name` between two `quote` characters, doubling any `quote` inside it: the SQL
  /// standard's identifier quoting when `quote` is `"`.
  public mutating func appendQuoted(_ name: String, quote: UInt8) {
    let appended: Void? = name.utf8.withContiguousStorageIfAvailable { bytes in
      appendQuoted(bytes, quote: quote)
    }
    if appended == nil {
      let bytes = Array(name.utf8)
      bytes.withUnsafeBufferPointer { appendQuoted($0, quote: quote) }
    }
  }

  private mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, quote: UInt8) {
    // Room for the worst case, every byte a quote, so the bytes are written with no check.
    text.appendWithin(maximumCount: bytes.count * 2 + 2) { destination in
      var end = destination
      end.initialize(to: quote)
      end += 1
      for byte in bytes {
        end.initialize(to: byte)
        end += 1
        if byte == quote {
          end.initialize(to: quote)
          end += 1
        }
      }
      end.initialize(to: quote)
      return end - destination + 1
    }
  }

  /// Appends a number in decimal.
  public mutating func appendNumber(_ number: Int) {
    if (0..<10).contains(number) {
      text.append(UInt8(ascii: "0") + UInt8(number))
    } else {
      appendDigits(of: number)
    }
  }

  /// Appends a number of more than one digit, or negative: its digits written from the last,
  /// with no `String` made of them.
  private mutating func appendDigits(of number: Int) {
    let magnitude = number.magnitude
    var digitCount = 1
    var rest = magnitude / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    let count = digitCount + (number < 0 ? 1 : 0)
    text.appendWithin(maximumCount: count) { destination in
      if number < 0 { destination.initialize(to: UInt8(ascii: "-")) }
      var remaining = magnitude
      for place in stride(from: count - 1, through: count - digitCount, by: -1) {
        (destination + place).initialize(to: UInt8(ascii: "0") + UInt8(remaining % 10))
        remaining /= 10
      }
      return count
    }
  }

  /// Notes that the placeholder just appended, one that carries no number (MySQL's `?`), stands
  /// for bound value number `number`: the driver binds values to such placeholders in the order
  /// of ``positionalPlaceholders``, the same value as often as it appears.
  public mutating func notePositionalPlaceholder(_ number: Int) {
    positionalPlaceholders.append(number)
  }

  /// The placeholder number of statement argument `index`, registering it if it is new.
  ///
  /// Its slot in ``bindings`` holds an error until the argument is supplied, so running the
  /// statement without it fails clearly, and no bound value can be numbered the same.
  public mutating func placeholderNumber(forArgument index: Int) -> Int {
    if index < argumentPlaceholders.count, argumentPlaceholders[index] > 0 {
      return argumentPlaceholders[index]
    }
    if index >= argumentPlaceholders.count {
      argumentPlaceholders.append(contentsOf: repeatElement(0, count: index + 1 - argumentPlaceholders.count))
    }
    let missing = QueryBinding.invalid(
      QueryBindingError("argument \(index + 1) of a prepared statement was not supplied"))
    argumentPlaceholders[index] = register(missing)
    return argumentPlaceholders[index]
  }

  /// The placeholder number of `binding`, registering it if it is new.
  public mutating func placeholderNumber(for binding: QueryBinding) -> Int {
    if bindings.count <= Self.linearScanLimit {
      if let index = bindings.firstIndex(of: binding) { return index + 1 }
      return register(binding)
    }
    return indexedPlaceholderNumber(for: binding)
  }

  /// ``placeholderNumber(for:)`` past the values a scan finds: one hash of the value both finds
  /// it and, when it is new, makes its entry, which starts at 0, no placeholder's number.
  private mutating func indexedPlaceholderNumber(for binding: QueryBinding) -> Int {
    let next = bindings.count + 1
    let number = Self.numberingIfNew(&numbersByBinding[binding, default: 0], as: next)
    if number == next { bindings.append(binding) }
    return number
  }

  /// Sets `number`, an entry just made (0), to `next`; returns the entry's number.
  private static func numberingIfNew(_ number: inout Int, as next: Int) -> Int {
    if number == 0 { number = next }
    return number
  }

  /// Appends a new binding and returns its placeholder number, indexing every binding once there
  /// are too many to scan.
  private mutating func register(_ binding: QueryBinding) -> Int {
    bindings.append(binding)
    if bindings.count == Self.linearScanLimit + 1 {
      numbersByBinding.reserveCapacity(Self.linearScanLimit * 4)
      for (index, value) in bindings.enumerated() { numbersByBinding[value] = index + 1 }
    } else if bindings.count > Self.linearScanLimit {
      numbersByBinding[binding] = bindings.count
    }
    return bindings.count
  }
}
