import Foundation

// The standard renderer: the spelling of every node in ISO SQL as both SQLite and PostgreSQL read
// it, written as the default implementations of `Dialect`'s requirements. A dialect overrides a
// node by implementing its requirement, and every other node keeps calling back into the dialect
// for the parts it contains. This file holds names and literals; statements, expressions and
// functions each have a file of their own (`StatementRendering`, `ExpressionRendering`,
// `FunctionRendering`).
extension Dialect {
  public var defaultAscendingNullsPlacement: OrderingTerm.NullsPlacement { .last }

  public var supportsDefaultInValues: Bool { true }

  public var cachesColumnLists: Bool { false }

  public var rendersValuesByKind: Bool { false }

  /// Appends `"name"`, doubling any `"` inside it: the SQL standard's quoting.
  public func appendIdentifier(_ name: String, into context: inout RenderContext) {
    context.appendQuoted(name, quote: UInt8(ascii: "\""))
  }

  public func appendColumn(_ column: ColumnReference, into context: inout RenderContext) {
    appendStandardColumn(column, into: &context)
  }

  /// Appends `"qualifier"."name"`, or `"name"` for an unqualified column.
  public func appendStandardColumn(_ column: ColumnReference, into context: inout RenderContext) {
    if let qualifier = column.qualifier {
      appendIdentifier(qualifier, into: &context)
      context.append(".")
    }
    appendIdentifier(column.name, into: &context)
  }

  public func appendLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    appendStandardLiteral(value, into: &context)
  }

  public func typeName(_ type: SQLType) -> String {
    switch type {
    case .integer: return "BIGINT"
    case .real: return "DOUBLE PRECISION"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    case .boolean: return "BOOLEAN"
    case .timestamp: return "TIMESTAMP WITH TIME ZONE"
    }
  }

  /// Appends `value` as an ISO SQL literal: the spelling ``appendLiteral(_:into:)`` uses unless
  /// a dialect spells some values differently.
  public func appendStandardLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    switch value {
    case .null: context.append("NULL")
    case .int(let value): context.appendText(String(value))
    case .double(let value): context.appendText(String(value))
    case .text(let value): context.appendText("'" + value.escapingScalars(["'"], with: "'") + "'")
    case .blob(let bytes): context.appendText("X'" + HexText.digits(of: bytes) + "'")
    case .bool(let value): context.append(value ? "TRUE" : "FALSE")
    case .date(let value): appendStandardLiteral(.text(ISO8601Text.string(from: value)), into: &context)
    case .uuid(let value): appendStandardLiteral(.text(value.uuidString.lowercased()), into: &context)
    case .json(let value), .jsonb(let value): appendStandardLiteral(.text(value), into: &context)
    case .array(let elements):
      context.append("ARRAY[")
      for (index, element) in elements.enumerated() {
        if index > 0 { context.append(", ") }
        appendLiteral(element, into: &context)
      }
      context.append("]")
    case .invalid(let error): context.appendText("NULL /* \(error.message.escapingScalars(["/"], with: " ")) */")
    }
  }

  /// Standard SQL has no row identity: a dialect whose database has one spells it.
  public func appendRowIdentity(qualifier: String, into context: inout RenderContext) throws {
    throw DialectError.unsupported(feature: "a row identity (rowid)", dialect: name)
  }
}
