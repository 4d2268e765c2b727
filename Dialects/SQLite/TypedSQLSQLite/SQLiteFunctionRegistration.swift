import CSQLite
import Foundation
import TypedSQLCore

extension SQLiteDatabase {
  /// Registers a function declared with `@DatabaseFunction`: `try db.add($isPastDue)`.
  public func add(_ definition: some SQLiteFunctionDefinition) throws {
    try add(definition.function)
  }

  /// Registers `function` with this connection (replacing one of the same name and argument
  /// count), so queries on it can call it.
  public func add<Result>(_ function: SQLiteFunction<Result>) throws {
    let box = FunctionBox(name: function.name, implementation: function.implementation)
    let flags = SQLITE_UTF8 | (function.isDeterministic ? SQLITE_DETERMINISTIC : 0)
    let userData = Unmanaged.passRetained(box).toOpaque()
    let code = try withOpenHandle { handle in
      switch function.implementation {
      case .scalar:
        sqlite3_create_function_v2(
          handle, function.name, Int32(function.argumentCount), flags, userData,
          callScalar, nil, nil, releaseFunctionBox)
      case .aggregate:
        sqlite3_create_function_v2(
          handle, function.name, Int32(function.argumentCount), flags, userData,
          nil, stepAggregate, finishAggregate, releaseFunctionBox)
      }
    }
    guard code == SQLITE_OK else {
      throw SQLiteError(code: code, message: "cannot register the function \"\(function.name)\"")
    }
  }
}

/// A registered function, owned by SQLite through its user-data pointer.
private final class FunctionBox {
  let name: String
  let implementation: SQLiteFunctionImplementation

  init(name: String, implementation: SQLiteFunctionImplementation) {
    self.name = name
    self.implementation = implementation
  }

  static func from(_ context: OpaquePointer?) -> FunctionBox {
    Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
  }

  func decoder(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> SQLiteValueDecoder {
    SQLiteValueDecoder(values: values, count: Int(count), functionName: name)
  }
}

private func releaseFunctionBox(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<FunctionBox>.fromOpaque(pointer).release()
}

private func callScalar(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
  let box = FunctionBox.from(context)
  guard case .scalar(let invoke) = box.implementation else { return }
  var decoder = box.decoder(count, values)
  do {
    setResult(try invoke(&decoder), of: context)
  } catch {
    sqlite3_result_error(context, box.message(for: error), -1)
  }
}

/// The slot in SQLite's per-group memory that holds the group's state object.
private func stateSlot(_ context: OpaquePointer?, create: Bool) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
  let size = create ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
  return sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
}

private func stepAggregate(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
  let box = FunctionBox.from(context)
  guard case .aggregate(let aggregate) = box.implementation,
    let slot = stateSlot(context, create: true)
  else { return sqlite3_result_error_nomem(context) }
  if slot.pointee == nil {
    slot.pointee = Unmanaged.passRetained(aggregate.makeState()).toOpaque()
  }
  guard let pointer = slot.pointee else { return }
  var decoder = box.decoder(count, values)
  do {
    try aggregate.step(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), &decoder)
  } catch {
    sqlite3_result_error(context, box.message(for: error), -1)
  }
}

private func finishAggregate(_ context: OpaquePointer?) {
  let box = FunctionBox.from(context)
  guard case .aggregate(let aggregate) = box.implementation else { return }
  // A group with no rows never stepped: it finishes a fresh state.
  let state: AnyObject
  if let slot = stateSlot(context, create: false), let pointer = slot.pointee {
    state = Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
    slot.pointee = nil
  } else {
    state = aggregate.makeState()
  }
  do {
    setResult(try aggregate.finish(state), of: context)
  } catch {
    sqlite3_result_error(context, box.message(for: error), -1)
  }
}

extension FunctionBox {
  /// The message SQLite reports for `error`, thrown by this function: its name and the error's
  /// description (a `LocalizedError`'s `errorDescription`, as `throw` in Swift would show it).
  fileprivate func message(for error: any Error) -> String {
    let description = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    return "\(name): \(description)"
  }
}

/// Hands a Swift result to SQLite.
private func setResult(_ value: QueryBinding, of context: OpaquePointer?) {
  switch value {
  case .null: sqlite3_result_null(context)
  case .int(let value): sqlite3_result_int64(context, value)
  case .double(let value): sqlite3_result_double(context, value)
  case .bool(let value): sqlite3_result_int64(context, value ? 1 : 0)
  case .text(let text), .json(let text), .jsonb(let text): setText(text, of: context)
  case .date(let date): setText(ISO8601Text.string(from: date), of: context)
  case .uuid(let uuid): setText(uuid.uuidString.lowercased(), of: context)
  case .blob(let bytes):
    guard !bytes.isEmpty else { return sqlite3_result_zeroblob(context, 0) }
    bytes.withUnsafeBytes { typedsql_sqlite3_result_blob(context, $0.baseAddress, Int32($0.count)) }
  case .array: sqlite3_result_error(context, "SQLite has no array values", -1)
  case .invalid(let error): sqlite3_result_error(context, "\(error)", -1)
  }
}

private func setText(_ text: String, of context: OpaquePointer?) {
  var text = text
  text.withUTF8 { bytes in
    typedsql_sqlite3_result_text(
      context, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
  }
}
