import SwiftDiagnostics
import SwiftSyntax

/// The checks `#sql` runs on the text of its string literal: an unterminated `'…'` string or
/// `"…"` identifier, unbalanced parentheses, and `?` or `$1` placeholders that nothing would
/// bind.
///
/// Only the literal's text segments are SQL text; an interpolation is a value, column or table
/// that the text goes on around. Quotes, parentheses and comments (`-- …`, `/* … */`) carry over
/// from one text segment to the next.
struct SQLTextLint {
  /// What the scanned text is in.
  private enum Context {
    case code, string, identifier, lineComment, blockComment
  }

  /// A place in the literal's source.
  private struct Location {
    /// The text segment it is in.
    let segment: StringSegmentSyntax
    /// Its position in the source file.
    let position: AbsolutePosition
  }

  private var context = Context.code
  /// Where the current string or quoted identifier opened.
  private var quoteStart: Location?
  /// Where each parenthesis still open was opened, innermost last.
  private var openParentheses: [Location] = []
  private var diagnostics: [Diagnostic] = []

  /// The problems in the text of `literal`.
  static func diagnostics(of literal: StringLiteralExprSyntax) -> [Diagnostic] {
    var lint = SQLTextLint()
    for case .stringSegment(let segment) in literal.segments {
      lint.scan(segment, of: literal)
    }
    lint.finish()
    return lint.diagnostics
  }

  /// Scans one text segment of `literal`.
  private mutating func scan(_ segment: StringSegmentSyntax, of literal: StringLiteralExprSyntax) {
    let text = Self.text(of: segment, in: literal)
    // Positions within the segment are exact when its source spells the text as is; otherwise
    // (escape sequences) they fall back to the segment's start.
    let isVerbatim = text == segment.content.text
    let start = segment.content.positionAfterSkippingLeadingTrivia
    let scalars = Array(text.unicodeScalars)
    var offset = 0
    var index = 0
    while index < scalars.count {
      let location = Location(
        segment: segment, position: isVerbatim ? start.advanced(by: offset) : start)
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      var length = 1
      switch (context, scalars[index]) {
      case (.code, "'"):
        context = .string
        quoteStart = location
      case (.code, "\""):
        context = .identifier
        quoteStart = location
      case (.code, "-") where next == "-":
        context = .lineComment
        length = 2
      case (.code, "/") where next == "*":
        context = .blockComment
        length = 2
      case (.code, "("):
        openParentheses.append(location)
      case (.code, ")"):
        if openParentheses.popLast() == nil {
          diagnose(.unmatchedClosingParenthesis, at: location)
        }
      case (.code, "?"):
        length = diagnosePlaceholder(startingAt: index, of: scalars, at: location)
      case (.code, "$") where next?.isDecimalDigit == true:
        length = diagnosePlaceholder(startingAt: index, of: scalars, at: location)
      case (.string, "'"), (.identifier, "\""), (.lineComment, "\n"):
        context = .code
      case (.blockComment, "*") where next == "/":
        context = .code
        length = 2
      default:
        break
      }
      offset += scalars[index..<index + length].reduce(0) { $0 + $1.utf8.count }
      index += length
    }
  }

  /// Reports what the text left open.
  private mutating func finish() {
    if let quoteStart {
      switch context {
      case .string: diagnose(.unterminatedSQLString, at: quoteStart)
      case .identifier: diagnose(.unterminatedSQLIdentifier, at: quoteStart)
      default: break
      }
    }
    for location in openParentheses {
      diagnose(.unclosedParenthesis, at: location)
    }
  }

  /// Reports the placeholder (`?`, `?1`, `$1`) whose first character is `scalars[index]`, and
  /// returns its length.
  private mutating func diagnosePlaceholder(
    startingAt index: Int, of scalars: [Unicode.Scalar], at location: Location
  ) -> Int {
    let length = 1 + scalars[(index + 1)...].prefix(while: \.isDecimalDigit).count
    let placeholder = String(String.UnicodeScalarView(scalars[index..<index + length]))
    diagnose(.sqlPlaceholder(placeholder), at: location)
    return length
  }

  private mutating func diagnose(_ message: MacroDiagnostic, at location: Location) {
    diagnostics.append(
      Diagnostic(
        node: location.segment, position: location.position, message: message, highlights: []))
  }

  /// The text `segment` stands for, its escape sequences resolved.
  private static func text(
    of segment: StringSegmentSyntax, in literal: StringLiteralExprSyntax
  ) -> String {
    literal.with(\.segments, [.stringSegment(segment)]).representedLiteralValue
      ?? segment.content.text
  }
}

extension Unicode.Scalar {
  /// Whether this is one of the ASCII digits `0` to `9`.
  fileprivate var isDecimalDigit: Bool { ("0"..."9").contains(self) }
}
