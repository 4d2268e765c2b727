#if TypedSQLTagged
  import Tagged

  // Tagged identifiers (`Tagged<Reminder, Int>`) store their raw value; two tags never compare,
  // because a comparison needs the same `NonNull` type on both sides. Built only with the
  // `TypedSQLTagged` package trait.

  extension Tagged: QueryRow, WholeRow where RawValue: QueryDecodable {}

  extension Tagged: QueryDecodable where RawValue: QueryDecodable {
    public init(decoder: inout some QueryDecoder) throws {
      self.init(rawValue: try RawValue(decoder: &decoder))
    }

    public static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
      RawValue.wrapSQL(expression)
    }

    public static var storageType: SQLType? { RawValue.storageType }

    public static var jsonValueForms: [JSONValueForm] { RawValue.jsonValueForms }
  }

  extension Tagged: QueryExpression where RawValue: QueryBindable {
    public typealias QueryValue = Self
    public var queryNode: SQLExpression { .binding(queryBinding) }
  }

  extension Tagged: ColumnsArgument where RawValue: QueryBindable {}

  extension Tagged: QueryProjection where RawValue: QueryBindable {
    public typealias Row = Self
    public func appendSelection(to columns: inout [SQLExpression]) { columns.append(.binding(queryBinding)) }
  }

  extension Tagged: QueryBindable where RawValue: QueryBindable {
    public var queryBinding: QueryBinding { rawValue.queryBinding }
  }

  /// A tagged representation, `Tagged<Self, UUID.BytesRepresentation>`, stands for the tagged
  /// Swift value, `Tagged<Self, UUID>`.
  extension Tagged: QueryRepresentable where RawValue: QueryRepresentable {
    public typealias QueryOutput = Tagged<Tag, RawValue.QueryOutput>

    public init(queryOutput: QueryOutput) {
      self.init(rawValue: RawValue(queryOutput: queryOutput.rawValue))
    }

    public var queryOutput: QueryOutput { QueryOutput(rawValue: rawValue.queryOutput) }
  }
#endif
