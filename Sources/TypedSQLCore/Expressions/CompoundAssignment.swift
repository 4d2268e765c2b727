// Assignments that read the column they write, for `update` closures: `$0.isCompleted.toggle()`
// assigns `NOT "isCompleted"`, `$0.title.append("!")` assigns `"title" || '!'`.
//
// (The operators `+=`, `-=`, … are not offered: beside the subscript that assigns plain Swift
// values, Swift 6.3 resolves `$0.count += 1` to the standard library's `Int` operator.)

extension QueryExpression where Value == String {
  /// Appends `text`: `self = self || text`.
  public mutating func append(_ text: String) { self = self + text }

  /// Appends the value of `other`: `self = self || other`.
  public mutating func append(_ other: Self) { self = self + other }
}

extension QueryExpression where Value == Bool {
  /// Negates the value: `self = NOT self`.
  public mutating func toggle() { self = !self }
}
