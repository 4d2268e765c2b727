/// The state of one rendering pass: the SQL buffer and the bound values.
///
/// Placeholders are numbered in the order values first appear, once for the whole statement, and
/// a value bound twice gets the number it got the first time. That keeps `$N` stable however the
/// tree was assembled, and lets PostgreSQL match a `GROUP BY` expression with the same expression
/// in the `SELECT` list.
///
/// The text is collected as UTF-8 bytes and becomes a `String` once, at the end: rendering is on
/// every query's path, and byte appends cost a copy where `String` appends cost a capacity and
/// encoding check each.
public struct RenderContext {
  /// How bound values appear in the text.
  public enum BindingStyle: Sendable {
    /// As placeholders, with values in ``bindings``: the only form ever executed.
    case placeholders
    /// As SQL literals, for display and documentation only.
    case inlineLiterals
  }

  /// The SQL rendered so far, as UTF-8.
  @usableFromInline
  var utf8: [UInt8]
  /// The values bound so far, in placeholder-number order.
  public private(set) var bindings: [QueryBinding] = []
  /// The placeholder number of each statement argument (``SQLExpression/argument(_:)``), by
  /// argument index; 0 for an argument not rendered yet.
  public private(set) var argumentPlaceholders: [Int] = []
  /// How bound values appear in the text.
  public let bindingStyle: BindingStyle

  /// Lookup from value to placeholder number, built once a statement has enough bindings that
  /// a linear scan would cost more than hashing.
  private var numbersByBinding: [QueryBinding: Int] = [:]
  private static let linearScanLimit = 16

  /// Creates an empty context.
  public init(bindingStyle: BindingStyle = .placeholders) {
    self.bindingStyle = bindingStyle
    self.utf8 = []
    utf8.reserveCapacity(512)
    bindings.reserveCapacity(8)
  }

  /// The SQL rendered so far.
  public var sql: String { String(decoding: utf8, as: UTF8.self) }

  /// Appends SQL text: keywords and punctuation, never values or unquoted identifiers.
  @inlinable
  public mutating func append(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8.append(contentsOf: $0) }
    if copied == nil { utf8.append(contentsOf: text.utf8) }
  }

  /// Appends `name` between two `quote` characters, doubling any `quote` inside it: the SQL
  /// standard's identifier quoting when `quote` is `"`.
  public mutating func appendQuoted(_ name: String, quote: UInt8) {
    utf8.append(quote)
    let copied: Bool? = name.utf8.withContiguousStorageIfAvailable { bytes in
      // Names are short: a plain scan beats a call to `memchr`.
      for byte in bytes where byte == quote { return false }
      utf8.append(contentsOf: bytes)
      return true
    }
    if copied != true {
      for byte in name.utf8 {
        utf8.append(byte)
        if byte == quote { utf8.append(quote) }
      }
    }
    utf8.append(quote)
  }

  /// Appends a placeholder number in decimal.
  public mutating func appendNumber(_ number: Int) {
    if (0..<10).contains(number) {
      utf8.append(UInt8(ascii: "0") + UInt8(number))
    } else {
      append(String(number))
    }
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
    } else if let number = numbersByBinding[binding] {
      return number
    }
    return register(binding)
  }

  /// Appends a new binding and returns its placeholder number, indexing every binding once there
  /// are too many to scan.
  private mutating func register(_ binding: QueryBinding) -> Int {
    bindings.append(binding)
    if bindings.count == Self.linearScanLimit + 1 {
      for (index, value) in bindings.enumerated() { numbersByBinding[value] = index + 1 }
    } else if bindings.count > Self.linearScanLimit {
      numbersByBinding[binding] = bindings.count
    }
    return bindings.count
  }
}
