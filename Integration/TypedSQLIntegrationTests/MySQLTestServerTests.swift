import Foundation
import Testing
import TypedSQLTestServers

/// The MariaDB server the live tests use: the one `MYSQL_URL` names, or one this process
/// installed into a temporary folder and started, listening on its socket.
@Suite(.enabled(if: MySQLTestServer.suitesRun))
struct MySQLTestServerTests {
  @Test func serverIsReadyWhereItsAddressSays() throws {
    let server = try MySQLTestServer.shared.get()
    if let socket = server.socket {
      #expect(FileManager.default.fileExists(atPath: socket.path))
      #expect(server.url == "mysql://root@localhost/?socket=\(socket.path)")
      #expect(server.url(database: "app") == "mysql://root@localhost/app?socket=\(socket.path)")
    } else {
      #expect(server.url == ProcessInfo.processInfo.environment["MYSQL_URL"])
    }
  }
}
