import Foundation

/// A certificate authority and a server certificate it signed, made with `openssl` in a fresh
/// folder, for a test server that speaks TLS. The server's key belongs to the `postgres` user
/// when this process is root, as the server requires of a key it reads.
public struct TestCertificates: Sendable {
  /// The folder the files are in.
  public let folder: URL
  /// The authority's certificate: what a client trusts (`sslrootcert`).
  public var authority: String { folder.appendingPathComponent("ca.crt").path }
  /// The server's certificate (`ssl_cert_file`).
  public var serverCertificate: String { folder.appendingPathComponent("server.crt").path }
  /// The server's private key (`ssl_key_file`).
  public var serverKey: String { folder.appendingPathComponent("server.key").path }

  /// A new authority and a certificate for a server named `serverName` (its only name: any other
  /// host name, an IP address included, does not match it).
  public init(serverName: String) throws {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("typedsql-tls-\(UUID().uuidString.prefix(8))")
    self.folder = folder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let file = { (name: String) in folder.appendingPathComponent(name).path }
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try Self.openssl(["req", "-x509"] + curve + ["-keyout", file("ca.key"), "-out", file("ca.crt"), "-days", "2", "-subj", "/CN=TypedSQL test authority"])
    try Self.openssl(["req"] + curve + ["-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=\(serverName)"])
    try "subjectAltName=DNS:\(serverName)\n".write(toFile: file("names.ext"), atomically: true, encoding: .utf8)
    try Self.openssl([
      "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.crt"), "-CAkey", file("ca.key"), "-CAcreateserial",
      "-out", file("server.crt"), "-days", "2", "-extfile", file("names.ext"),
    ])
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file("server.key"))
    if getuid() == 0 {
      try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: file("server.key"))
    }
  }

  /// Deletes the files.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  private static func openssl(_ arguments: [String]) throws {
    do {
      _ = try ChildProcess.run(["/usr/bin/env", "openssl"], arguments)
    } catch let error as ChildProcessError {
      throw PostgresTestServer.ServerError(message: error.message)
    }
  }
}
