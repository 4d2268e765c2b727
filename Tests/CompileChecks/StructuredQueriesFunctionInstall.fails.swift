// expect: register the function with the connection: 'try db.add($name)'
// StructuredQueries' `$name.install(db.handle)`: the compiler names TypedSQL's registration.
import TypedSQL
import TypedSQLSQLite

@DatabaseFunction func exclaim(_ text: String) -> String { text + "!" }

let handle: OpaquePointer? = nil
$exclaim.install(handle)
