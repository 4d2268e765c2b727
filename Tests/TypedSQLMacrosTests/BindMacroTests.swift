import MacroTesting
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// `#bind` wraps a value in the representation its context expects.
  @Suite
  struct Bind {
    @Test func wrapsTheValueForItsContext() {
      assertMacro {
        """
        Event.where { $0.startAt > #bind(startDate) }
        """
      } expansion: {
        """
        Event.where { $0.startAt > .init(queryOutput: startDate) }
        """
      }
    }

    @Test func namesTheRepresentation() {
      assertMacro {
        """
        Event.where { $0.startAt > #bind(startDate, as: Date.UnixTimeRepresentation.self) }
        """
      } expansion: {
        """
        Event.where { $0.startAt > Date.UnixTimeRepresentation.self.init(queryOutput: startDate) }
        """
      }
    }

    @Test func trimsTrivia() {
      assertMacro {
        """
        Event.where { $0.id != #bind( reminder.id /* the key */ ) }
        """
      } expansion: {
        """
        Event.where { $0.id != .init(queryOutput: reminder.id) }
        """
      }
    }
  }
}
