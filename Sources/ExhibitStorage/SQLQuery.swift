import ExhibitModel

/// One query and its values, to be sent with others that do not wait for its answer
/// (``CatalogueSQL/queries(_:)``).
package struct SQLQuery {
  /// The statement, in the SQL both engines take (`?` placeholders).
  package let sql: String
  /// The values its placeholders take, in order.
  package let values: [any SQLBindable]

  /// - Parameters:
  ///   - sql: The statement.
  ///   - values: The values its placeholders take.
  package init(_ sql: String, _ values: [any SQLBindable] = []) {
    self.sql = sql
    self.values = values
  }

  /// The query that reads the records of `R`'s table `condition` selects, as
  /// ``RowQuerying/fetch(_:_:_:)`` does; read its rows with `R.decode`.
  package static func fetching<R: TableRecord>(
    _ type: R.Type, _ condition: String = "", _ values: [any SQLBindable] = []
  ) -> SQLQuery {
    SQLQuery("SELECT \(R.selection()) FROM \(R.table) \(condition)", values)
  }
}
