import Testing
@testable import TypedSQLPostgres

/// What a replica set's reads that must see its last write wait for, as writes commit, report
/// their positions out of order, or lose them.
@Suite struct LastWritePositionTests {
  @Test func positionsOnlyGrow() {
    let last = LastWritePosition()
    #expect(last.readsMustSee == .nothing)
    let (first, second) = (last.beginWrite(), last.beginWrite())
    last.advance(to: "0/3000148", writeBegan: second)
    last.advance(to: "0/30000A0", writeBegan: first)
    #expect(last.readsMustSee == .replayed("0/3000148"))
    last.advance(to: "1/0", writeBegan: last.beginWrite())
    #expect(last.readsMustSee == .replayed("1/0"))
  }

  /// A write whose position was lost sends reads to the primary until a write begun after the
  /// loss, and so committed after that write, reports its position; a write already under way
  /// at the loss does not count.
  @Test func aLostPositionSendsReadsToThePrimaryUntilALaterWrite() {
    let last = LastWritePosition()
    last.advance(to: "0/10", writeBegan: last.beginWrite())
    _ = last.beginWrite()  // the write whose position is lost
    let underWay = last.beginWrite()
    last.forget()
    #expect(last.readsMustSee == .primary)
    last.advance(to: "0/20", writeBegan: underWay)
    #expect(last.readsMustSee == .primary)
    last.advance(to: "0/30", writeBegan: last.beginWrite())
    #expect(last.readsMustSee == .replayed("0/30"))
    // A position PostgreSQL would never write counts as lost.
    last.advance(to: "", writeBegan: last.beginWrite())
    #expect(last.readsMustSee == .primary)
  }
}
