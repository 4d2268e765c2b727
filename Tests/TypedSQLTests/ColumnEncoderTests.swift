import Foundation
import Testing
import TypedSQL

/// A row's `encodeColumns(into:)` feeds any ``ColumnEncoder``, as a driver binding values
/// straight into a statement does: these tests record what an encoder receives from the
/// macro-generated encoders.
@Suite struct ColumnEncoderTests {
  typealias Reminder = ModelingRenderingTests.Reminder
  typealias Event = ModelingRenderingTests.Event
  typealias Book = ModelingRenderingTests.Book

  /// One column as an encoder received it.
  enum Received: Equatable {
    case value(QueryBinding)
    case databaseDefault
  }

  /// Records every column it receives, in order.
  struct RecordingEncoder: ColumnEncoder {
    var received: [Received] = []
    mutating func appendBinding(_ binding: QueryBinding) { received.append(.value(binding)) }
    mutating func appendDefault() { received.append(.databaseDefault) }
  }

  static func received(_ row: some InsertRow) -> [Received] {
    var encoder = RecordingEncoder()
    row.encodeColumns(into: &encoder)
    return encoder.received
  }

  static let date1 = ModelingRenderingTests.date1
  static let date2 = ModelingRenderingTests.date2

  @Test func aGroupSendsItsColumnsInPlace() {
    let reminder = Reminder(
      id: 1, title: "Milk", isCompleted: true, remindersListID: 2,
      timestamps: .init(createdAt: Self.date1, updatedAt: nil))
    #expect(Self.received(reminder) == [
      .value(.int(1)), .value(.text("Milk")), .value(.bool(true)), .value(.int(2)),
      .value(.date(Self.date1)), .value(.null),
    ])
  }

  @Test func generatedColumnsAndUnknownKeysAreLeftToTheDatabase() {
    let event = Event(id: 3, startAt: Self.date1, duration: 60, endAt: Self.date2)
    #expect(Self.received(event) == [
      .value(.int(3)), .value(.date(Self.date1)), .value(.double(60)), .databaseDefault,
    ])
    let draft = Event.Draft(startAt: Self.date2, duration: 30)
    #expect(Self.received(draft) == [
      .databaseDefault, .value(.date(Self.date2)), .value(.double(30)), .databaseDefault,
    ])
  }

  @Test func ephemeralPropertiesSendNothing() {
    let book = Book(isbn: "978-0", title: "SQL", scratchNotes: "not stored")
    #expect(Self.received(book) == [.value(.text("978-0")), .value(.text("SQL"))])
  }

  @Test func anEncoderCollectingValuesGetsTheSameColumns() {
    let draft = Event.Draft(id: 4, startAt: Self.date1, duration: 15)
    var values = ColumnValues()
    draft.encodeColumns(into: &values)
    #expect(values.values == [
      .expression(.binding(.int(4))), .expression(.binding(.date(Self.date1))),
      .expression(.binding(.double(15))), .default,
    ])
  }
}
