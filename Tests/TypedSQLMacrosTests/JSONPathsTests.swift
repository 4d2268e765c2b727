import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@JSONPaths` generates, and the errors it reports.
  @Suite struct JSONPaths {
    @Test func membersUnderTheirPropertyNames() {
      assertMacro {
        """
        @JSONPaths public struct Metadata: Codable {
          var tags: [String]
          var author: Author?
          var `default`: Int
          static let version = 1
          var count: Int { tags.count }
        }
        """
      } expansion: {
        """
        public struct Metadata: Codable {
          var tags: [String]
          var author: Author?
          var `default`: Int
          static let version = 1
          var count: Int { tags.count }
        }

        nonisolated extension Metadata: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          public nonisolated struct JSONMembers: Sendable {
            public let tags = TypedSQLCore.JSONMember<[String]>("tags")
            public let author = TypedSQLCore.JSONMember<Author?>("author")
            public let `default` = TypedSQLCore.JSONMember<Int>("default")
          }
          public static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func membersUnderTheirCodingKeys() {
      assertMacro {
        """
        @JSONPaths struct Link: Codable {
          var homepage: String
          var title: String
          var cachedAt: Date? = nil
          enum CodingKeys: String, CodingKey {
            case homepage = "home_page"
            case title
          }
        }
        """
      } expansion: {
        """
        struct Link: Codable {
          var homepage: String
          var title: String
          var cachedAt: Date? = nil
          enum CodingKeys: String, CodingKey {
            case homepage = "home_page"
            case title
          }
        }

        nonisolated extension Link: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let homepage = TypedSQLCore.JSONMember<String>("home_page")
            let title = TypedSQLCore.JSONMember<String>("title")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func errors() {
      assertMacro {
        """
        @JSONPaths enum Kind: Codable { case a }
        """
      } diagnostics: {
        """
        @JSONPaths enum Kind: Codable { case a }
        ┬─────────
        ╰─ 🛑 '@JSONPaths' can only be applied to a struct
        """
      }
      assertMacro {
        """
        @JSONPaths struct Untyped: Codable {
          var name = defaultName()
          var (a, b): (Int, Int)
        }
        """
      } diagnostics: {
        """
        @JSONPaths struct Untyped: Codable {
          var name = defaultName()
              ┬───
              ╰─ 🛑 '@JSONPaths' requires an explicit type for 'name'
          var (a, b): (Int, Int)
              ┬─────
              ╰─ 🛑 '@JSONPaths' does not support tuple patterns; declare each property separately
        }
        """
      }
    }
  }
}
