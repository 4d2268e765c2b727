import Testing
import TypedSQL

/// Table and alias names pluralize as StructuredQueries' do: the words of its InflectionTests,
/// each as a type name inflected by `AliasName` (the rule `@Table` applies too).
@Suite struct InflectionParityTests {
  enum Bee: AliasName {}
  enum Boy: AliasName {}
  enum Buzz: AliasName {}
  enum Category: AliasName {}
  enum Person: AliasName {}
  enum Placebo: AliasName {}
  enum Pox: AliasName {}
  enum Status: AliasName {}
  enum User: AliasName {}
  enum Zoo: AliasName {}

  @Test func structuredQueriesWords() {
    #expect(Bee.aliasName == "bees")
    #expect(Boy.aliasName == "boys")
    #expect(Buzz.aliasName == "buzzes")
    #expect(Category.aliasName == "categories")
    #expect(Person.aliasName == "persons")
    #expect(Placebo.aliasName == "placebos")
    #expect(Pox.aliasName == "poxes")
    #expect(Status.aliasName == "statuses")
    #expect(User.aliasName == "users")
    #expect(Zoo.aliasName == "zoos")
  }
}
