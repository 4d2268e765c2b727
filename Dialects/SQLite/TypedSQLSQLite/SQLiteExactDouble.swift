import TypedSQLCore

extension SQLiteDialect {
  /// Appends a finite double as SQL that SQLite reads as exactly that double, for a literal that
  /// is executed (a view's or a trigger's).
  ///
  /// SQLite's reading of a decimal literal is not correctly rounded: it scales the digits by a
  /// power of ten in `long double` (which is `double` on some platforms), and
  /// `-2.909531562920322e+34` reads back one unit in the last place off. A whole number below
  /// 2^53 is exact as written (`42.0`); any other double is written as its integer significand,
  /// exact, scaled by powers of two written as integers, whose products and quotients are exact:
  /// `0.1` is `(3602879701896397.0 / 36028797018963968)`.
  func appendExactDouble(_ value: Double, into context: inout RenderContext) {
    if value == value.rounded(), abs(value) < 0x1p53 {
      context.appendText((value.sign == .minus ? "-" : "") + String(Int64(abs(value))) + ".0")
      return
    }
    var significand = value.exponentBitPattern == 0
      ? value.significandBitPattern : value.significandBitPattern | (1 << 52)
    var exponent = value.exponentBitPattern == 0 ? -1074 : Int(value.exponentBitPattern) - 1075
    while significand & 1 == 0, exponent < 0 {
      significand >>= 1
      exponent += 1
    }
    var text = "(" + (value.sign == .minus ? "-" : "") + String(significand) + ".0"
    // Powers of two up to 2^62 are integers SQLite reads exactly; the largest steps first keep
    // every step's result a double of the same significand.
    var remaining = abs(exponent)
    while remaining > 0 {
      let step = min(remaining, 62)
      text += (exponent > 0 ? " * " : " / ") + String(UInt64(1) << UInt64(step))
      remaining -= step
    }
    context.appendText(text + ")")
  }
}
