// expect: a statement of any rows is 'some Statement' in TypedSQL
// StructuredQueries' `PartialSelectStatement` protocol: the compiler names TypedSQL's spellings.
import TypedSQL

func describe(_ query: any PartialSelectStatement) {}
