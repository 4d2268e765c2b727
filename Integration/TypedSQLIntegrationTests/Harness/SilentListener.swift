import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// A socket on the loopback that never answers: a TCP listener whose connections the kernel
/// completes and nobody reads, or a UDP port that takes datagrams and never replies.
final class SilentListener {
  let port: Int
  private let socket: Int32

  init(datagrams: Bool = false, port requested: UInt16 = 0) throws {
    let listening = Glibc.socket(AF_INET, Int32(datagrams ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = requested.bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, datagrams || listen(listening, 64) == 0 else {
      close(listening)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
    }
    socket = listening
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(socket)
  }
}
