import Testing
@testable import TypedSQLPostgres

/// Addresses read as libpq reads them and written back, and hosts listed in random order for a
/// replica set's readers. No server is needed: libpq parses the addresses.
@Suite struct PostgresConnectionOptionsTests {
  /// A connection string written back reads as the same options, quotes and backslashes
  /// included.
  @Test func aConnectionStringRoundTrips() throws {
    let options = try PostgresConnectionOptions(
      parsing: #"host=/tmp/a,/tmp/b port=5432,5433 dbname='my db' password='it\'s a \\ secret'"#)
    #expect(options["dbname"] == "my db")
    #expect(options["password"] == #"it's a \ secret"#)
    let again = try PostgresConnectionOptions(parsing: options.connectionString)
    for keyword in ["host", "port", "dbname", "password"] {
      #expect(again[keyword] == options[keyword], "\(keyword)")
    }
    #expect(again["user"] == nil)
  }

  /// A URL's hosts come back in random orders, each with its own port.
  @Test func shuffledHostsKeepTheirPorts() throws {
    let options = try PostgresConnectionOptions(parsing: "postgresql://app@h1:5432,h2:5433,h3:5434/app")
    #expect(options["host"] == "h1,h2,h3")
    #expect(options["port"] == "5432,5433,5434")
    var firstHosts: Set<String> = []
    for _ in 0..<60 {
      let shuffled = options.withHostsShuffled()
      let hosts = try #require(shuffled["host"]).split(separator: ",").map(String.init)
      let ports = try #require(shuffled["port"]).split(separator: ",").map(String.init)
      #expect(Dictionary(uniqueKeysWithValues: zip(hosts, ports)) == ["h1": "5432", "h2": "5433", "h3": "5434"])
      #expect(shuffled["user"] == "app" && shuffled["dbname"] == "app")
      firstHosts.insert(hosts[0])
    }
    // Each host comes first in some order (the chance that one never does in 60 is 3 × (2/3)^60).
    #expect(firstHosts == ["h1", "h2", "h3"])
  }

  /// One port serves every host, and stays one.
  @Test func aSinglePortStaysForEveryHost() throws {
    let shuffled = try PostgresConnectionOptions(parsing: "host=a,b port=6432").withHostsShuffled()
    #expect(shuffled["port"] == "6432")
    #expect(Set(try #require(shuffled["host"]).split(separator: ",")) == ["a", "b"])
  }

  /// An address libpq cannot read, or one that sets what the replica set sets, is refused by
  /// name before any connection is tried.
  @Test func badAddressesAreRefused() throws {
    let unreadable = #expect(throws: PostgresError.self) { try PostgresConnectionOptions(parsing: "host=a = b") }
    #expect(unreadable?.sqlState == "22023")
    #expect(unreadable?.message.hasPrefix("not a PostgreSQL address: ") == true)
    let unknown = #expect(throws: PostgresError.self) { try PostgresReplicaSet(url: "host=a colour=blue") }
    #expect(unknown?.message.contains("colour") == true)
    let chosen = #expect(throws: PostgresError.self) {
      try PostgresReplicaSet(url: "host=a,b target_session_attrs=any")
    }
    #expect(chosen?.message.contains("target_session_attrs") == true)
  }
}
