// expect: both databases store at most a signed 64-bit integer
// StructuredQueries' `QueryBinding.uint`: neither database stores an unsigned 64-bit integer, so
// a value past Int64.max must be handled by the caller, and the compiler says how.
import TypedSQL

let value: UInt64 = 7
_ = QueryBinding.uint(value)
