/// Rows drawn as a table for a snapshot: one column per element of a tuple row, one cell for any
/// other row (its description, over several lines where it has them).
///
/// ```
/// ┌───┬────────┐
/// │ 1 │ "Milk" │
/// │ 2 │ "Eggs" │
/// └───┴────────┘
/// ```
enum ResultTable {
  static func draw(_ rows: [Any]) -> String {
    guard !rows.isEmpty else { return "(no rows)" }
    let cells = rows.map(self.cells(of:))
    let columnCount = cells.map(\.count).max() ?? 0
    var widths = Array(repeating: 0, count: columnCount)
    for row in cells {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], cell.map(\.count).max() ?? 0)
      }
    }
    func border(_ left: String, _ middle: String, _ right: String) -> String {
      left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
    }
    // Rows of several lines are told apart by a rule between every two rows.
    let separatesRows = cells.contains { $0.contains { $0.count > 1 } }
    var lines = [border("┌", "┬", "┐")]
    for (index, row) in cells.enumerated() {
      if index > 0, separatesRows {
        lines.append(border("├", "┼", "┤"))
      }
      let height = row.map(\.count).max() ?? 1
      for line in 0..<height {
        let parts = (0..<columnCount).map { column -> String in
          let cell = column < row.count ? row[column] : []
          let text = line < cell.count ? cell[line] : ""
          return " " + text + String(repeating: " ", count: widths[column] - text.count) + " "
        }
        lines.append("│" + parts.joined(separator: "│") + "│")
      }
    }
    lines.append(border("└", "┴", "┘"))
    return lines.joined(separator: "\n")
  }

  /// A row's cells, each as its lines.
  private static func cells(of row: Any) -> [[String]] {
    let mirror = Mirror(reflecting: row)
    if mirror.displayStyle == .tuple {
      return mirror.children.map { lines(of: $0.value) }
    }
    return [lines(of: row)]
  }

  private static func lines(of value: Any) -> [String] {
    describe(value).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A value as Swift would write it: text quoted, `nil` for a missing optional.
  private static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped)
    }
    if let text = value as? String { return String(reflecting: text) }
    return String(describing: value)
  }
}
