// The SQLite side of the criteria seam: the store's criteria operations (Store+Domains.swift)
// are its implementation as they stand.

extension Store: CriteriaStorage {}
