import Testing
import TypedSQL

/// Numbers a renderer writes into SQL text (placeholder numbers, `LIMIT` constants, JSON and
/// FTS5 arguments) are written digit by digit, without a `String` of them.
@Suite struct RenderContextNumberTests {
  @Test(arguments: [0, 7, 9, 10, 11, 99, 100, 601, 12_345, 1_000_000, Int.max, -1, -9, -10, -12_345, Int.min])
  func everyNumberIsWrittenAsItsDecimalText(number: Int) {
    var context = RenderContext()
    context.append("(")
    context.appendNumber(number)
    context.append(")")
    #expect(context.sql == "(\(number))")
  }
}
