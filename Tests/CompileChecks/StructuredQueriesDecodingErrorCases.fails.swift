// expect: a decoding error is one struct in TypedSQL, naming the column: a NULL in a required column
// StructuredQueries' `QueryDecodingError.missingRequiredColumn`: the compiler names what to read.
import TypedSQL

func isMissing(_ error: any Error) -> Bool {
  (error as? QueryDecodingError) == .missingRequiredColumn
}
