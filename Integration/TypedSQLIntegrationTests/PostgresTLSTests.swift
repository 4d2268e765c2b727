import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLTestServers

/// The production path: a cluster of its own that accepts its role only over TLS with a
/// SCRAM-SHA-256 password, a client that verifies the server's certificate and name
/// (`sslmode=verify-full`), and the portable checks passing over it.
@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresTLSTests {
  static let role = "typedsql_tls"
  static let password = "s3cret over TLS"

  @Test func verifyFullWithSCRAM() async throws {
    let binaries = try #require(PostgresTestServer.findServerBinaries(), "this test starts its own cluster")
    let certificates = try TestCertificates(serverName: "localhost")
    defer { certificates.remove() }
    let server = try await offThePool {
      try PostgresTestServer(
        startingWith: binaries,
        settings: [
          "listen_addresses": "127.0.0.1", "ssl": "on", "ssl_cert_file": certificates.serverCertificate,
          "ssl_key_file": certificates.serverKey,
        ])
    }
    defer { server.stop() }
    let port = try #require(server.socket?.port)
    let admin = try PostgresDatabase(url: server.url)
    try admin.execute("CREATE ROLE \(Self.role) LOGIN PASSWORD '\(Self.password)'; GRANT CREATE ON DATABASE postgres TO \(Self.role)")
    try await offThePool {
      try server.prependAccessRules([
        "hostssl all \(Self.role) 127.0.0.1/32 scram-sha-256",
        "host all all 127.0.0.1/32 reject",
      ])
    }
    let encoded = try #require(Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let address = { (host: String, sslMode: String) in
      "postgresql://\(Self.role):\(encoded)@\(host):\(port)/postgres?sslmode=\(sslMode)&sslrootcert=\(certificates.authority)"
    }
    let verified = address("localhost", "verify-full")

    // The rules apply once the server has reloaded them.
    var db: PostgresDatabase?
    for _ in 0..<50 where db == nil {
      db = try? PostgresDatabase(url: verified)
      if db == nil { try await Task.sleep(for: .milliseconds(100)) }
    }
    let tls = try #require(db)
    let session = try tls.fetchOne(
      RenderedSQL(sql: "SELECT ssl, version, current_user::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()"),
      as: TupleRow<Bool, String, String>.self)
    #expect(session.map { [String($0.0), $0.1, $0.2] } == ["true", "TLSv1.3", Self.role])

    // A name the certificate does not hold is refused before any password is sent, and so is a
    // connection without TLS.
    let wrongName = #expect(throws: PostgresError.self) { try PostgresDatabase(url: address("127.0.0.1", "verify-full")) }
    #expect(wrongName?.sqlState == "08001" && wrongName?.message.contains("does not match host name") == true,
      "\(String(describing: wrongName))")
    let plain = #expect(throws: PostgresError.self) { try PostgresDatabase(url: address("localhost", "disable")) }
    #expect(plain?.sqlState == "28000", "\(String(describing: plain))")
    // libpq's default, `prefer`, tries with TLS and then without: the refusal that matters (the
    // password) gives the code, and is said once.
    let preferred = #expect(throws: PostgresError.self) {
      try PostgresDatabase(url: "postgresql://\(Self.role):wrong@localhost:\(port)/postgres")
    }
    #expect(preferred?.sqlState == "28P01", "\(String(describing: preferred))")
    #expect(preferred.map { $0.message.components(separatedBy: "password authentication failed").count } == 2)

    // The portable checks, each in a fresh schema, over the verified connection (on a thread of
    // their own, not one of Swift's few cooperative threads).
    try await offThePool {
      for check in PortableCheck.allCases {
        let schema = "tls_\(check.rawValue.lowercased())"
        try tls.execute("CREATE SCHEMA \"\(schema)\"; SET search_path TO \"\(schema)\"")
        try tls.execute(postgresRemindersSchema)
        try insertRemindersFixture(tls)
        try check.run(on: tls)
        try tls.execute("DROP SCHEMA \"\(schema)\" CASCADE")
      }
    }
    print("◇ TLS: \(PortableCheck.allCases.count) portable checks passed over verify-full with SCRAM-SHA-256")
  }
}
