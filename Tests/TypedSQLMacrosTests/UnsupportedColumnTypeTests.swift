import MacroTesting
import Testing

extension MacroExpansionTests {
  /// A property whose type no column holds by itself is reported with fix-its, not left to a
  /// conformance error inside the expansion.
  @Suite struct UnsupportedColumnTypes {
    @Test func collectionsOfferJSONOrEphemeral() {
      assertMacro {
        """
        @Table struct Recipe {
          let id: Int
          var tags: [String]
          @Column("steps_by_name") var steps: [String: Int]?
          var photo: [UInt8]
        }
        """
      } diagnostics: {
        """
        @Table struct Recipe {
          let id: Int
          var tags: [String]
                    ┬───────
                    ╰─ 🛑 property 'tags' of type '[String]' cannot be a column; store it through a representation with '@Column(as:)', or keep it out of the database with '@Ephemeral'
                       ✏️ Store it as JSON with '@Column(as: [String].JSONRepresentation.self)'
                       ✏️ Mark it '@Ephemeral'
          @Column("steps_by_name") var steps: [String: Int]?
                                              ┬─────────────
                                              ╰─ 🛑 property 'steps' of type '[String: Int]?' cannot be a column; store it through a representation with '@Column(as:)', or keep it out of the database with '@Ephemeral'
                                                 ✏️ Store it as JSON with '@Column(as: [String: Int].JSONRepresentation?.self)'
                                                 ✏️ Mark it '@Ephemeral'
          var photo: [UInt8]
        }
        """
      } fixes: {
        """
        @Table struct Recipe {
          let id: Int
          @Column(as: [String].JSONRepresentation.self) var tags: [String]
          @Column("steps_by_name", as: [String: Int].JSONRepresentation?.self) var steps: [String: Int]?
          var photo: [UInt8]
        }
        """
      } expansion: {
        """
        struct Recipe {
          let id: Int
          var tags: [String]
          var steps: [String: Int]?
          var photo: [UInt8]
        }

        nonisolated extension Recipe: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Recipe
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), [String].JSONRepresentation.self.columnNames(named: "tags"), [String: Int].JSONRepresentation?.self.columnNames(named: "steps_by_name"), [UInt8].self.columnNames(named: "photo")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, [String].JSONRepresentation.self.jsonValueForms, [String: Int].JSONRepresentation?.self.jsonValueForms, [UInt8].self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, [String].JSONRepresentation.self.storedColumns, [String: Int].JSONRepresentation?.self.storedColumns, [UInt8].self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var id: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "id", qualifier: qualifier)
            }
            var tags: TypedSQLCore.ColumnsOf<[String].JSONRepresentation> {
              [String].JSONRepresentation.self.queryColumns(named: "tags", qualifier: qualifier)
            }
            var steps: TypedSQLCore.ColumnsOf<[String: Int].JSONRepresentation?> {
              [String: Int].JSONRepresentation?.self.queryColumns(named: "steps_by_name", qualifier: qualifier)
            }
            var photo: TypedSQLCore.ColumnsOf<[UInt8]> {
              [UInt8].self.queryColumns(named: "photo", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, tags: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<[String].JSONRepresentation>>, steps: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<[String: Int].JSONRepresentation?>> = [String: Int].JSONRepresentation?(queryOutput: nil), photo: some TypedSQLCore.QueryProjection<[UInt8]>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              tags.handles.appendSelection(to: &selection)
              steps.handles.appendSelection(to: &selection)
              photo.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Recipe
            var id: Int? = nil
            var tags: [String]
            var steps: [String: Int]? = nil
            var photo: [UInt8]
            init(id: Int? = nil, tags: [String], steps: [String: Int]? = nil, photo: [UInt8]) {
              self.id = id
              self.tags = tags
              self.steps = steps
              self.photo = photo
            }
            init(_ row: Recipe) {
              self.init(id: row.id, tags: row.tags, steps: row.steps, photo: row.photo)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(tags, as: [String].JSONRepresentation.self)
              values.append(steps, as: [String: Int].JSONRepresentation?.self)
              values.append(photo)
            }
          }
          static let tableName = "recipes"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let tags = try decoder.decode([String].JSONRepresentation.self).queryOutput
            let steps = try decoder.decode([String: Int].JSONRepresentation?.self).queryOutput
            let photo = try decoder.decode([UInt8].self)
            self.init(id: id, tags: tags, steps: steps, photo: photo)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(tags, as: [String].JSONRepresentation.self)
            values.append(steps, as: [String: Int].JSONRepresentation?.self)
            values.append(photo)
          }
        }

        nonisolated extension Recipe: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let tags = TypedSQLCore.JSONMember<[String]>("tags")
            let steps = TypedSQLCore.JSONMember<[String: Int]?>("steps")
            let photo = TypedSQLCore.JSONMember<[UInt8]>("photo")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func tuplesAndFunctionsOfferEphemeral() {
      assertMacro {
        """
        @Selection struct Point {
          var coordinates: (Double, Double)
          var onTap: () -> Void
        }
        """
      } diagnostics: {
        """
        @Selection struct Point {
          var coordinates: (Double, Double)
                           ┬───────────────
                           ╰─ 🛑 property 'coordinates' of type '(Double, Double)' cannot be a column; store it through a representation with '@Column(as:)', or keep it out of the database with '@Ephemeral'
                              ✏️ Mark it '@Ephemeral'
          var onTap: () -> Void
                     ┬─────────
                     ╰─ 🛑 property 'onTap' of type '() -> Void' cannot be a column; store it through a representation with '@Column(as:)', or keep it out of the database with '@Ephemeral'
                        ✏️ Mark it '@Ephemeral'
        }
        """
      } fixes: {
        """
        @Selection struct Point {
          @Ephemeral var coordinates: (Double, Double)
          @Ephemeral var onTap: () -> Void
        }
        """
      }
    }
  }
}
