import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Hummingbird
import NIOCore
import NIOHTTP1

/// An error a request ends with: an HTTP status, a stable code scripts can test, and a message
/// a person can act on. Pages show it; the JSON API sends `{"error": {"code", "message"}}`.
public struct WebError: Error, Sendable, Equatable {
  /// The HTTP status.
  public let status: HTTPResponse.Status
  /// A short code: `not_found`, `bad_request`, `forbidden`, …
  public let code: String
  /// What went wrong and, where there is one, what to do.
  public let message: String

  init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  static func notFound(_ message: String) -> WebError { WebError(.notFound, "not_found", message) }
  static func badRequest(_ message: String) -> WebError { WebError(.badRequest, "bad_request", message) }
  static let signInRequired = WebError(.unauthorized, "sign_in_required", "sign in to see this")
  static let auditorsOnly = WebError(
    .forbidden, "forbidden", "only an auditor may change evidence; ask for an auditor account")
  static let badCSRFToken = WebError(
    .forbidden, "csrf",
    "the form's security token is missing or out of date; reload the page and submit it again")
  static let foreignOrigin = WebError(.forbidden, "origin", "a request from another site was refused")

  /// The error a failure of ExhibitKit, SQLite or Hummingbird becomes.
  static func from(_ error: any Error) -> WebError {
    switch error {
    case let error as WebError: return error
    case let error as LookupError:
      if case .ambiguousComponent = error { return WebError(.badRequest, "ambiguous", error.description) }
      return .notFound(error.description)
    case let error as RecordingLookupError:
      if case .ambiguous = error { return WebError(.badRequest, "ambiguous", error.description) }
      return .notFound(error.description)
    case let error as EvidenceError:
      switch error {
      case .unknownItem: return WebError(.notFound, "unknown_item", error.description)
      case .unknownLink: return WebError(.notFound, "unknown_link", error.description)
      case .alreadyRetracted: return WebError(.conflict, "already_retracted", error.description)
      case .emptyReason: return .badRequest(error.description)
      default: return WebError(.unprocessableContent, "invalid_link", error.description)
      }
    case let error as AuditError:
      switch error {
      case .unknownAudit, .unknownProduct: return WebError(.notFound, "unknown_audit", error.description)
      case .closed: return WebError(.conflict, "audit_closed", error.description)
      default: return WebError(.unprocessableContent, "audit", error.description)
      }
    case let error as ConformanceError:
      switch error {
      case .closedAudit: return WebError(.conflict, "audit_closed", error.description)
      case .noLinks: return WebError(.unprocessableContent, "no_verdicts", error.description)
      default: return .badRequest(error.description)
      }
    case let error as ApprovalError:
      switch error {
      case .ownWork: return WebError(.forbidden, "own_work", error.description)
      case .closedAudit: return WebError(.conflict, "audit_closed", error.description)
      case .alreadyApproved: return WebError(.conflict, "already_approved", error.description)
      default: return WebError(.unprocessableContent, "approval", error.description)
      }
    case let error as SearchError: return .badRequest(error.description)
    case let error as FindingError:
      switch error {
      case .unknown: return WebError(.notFound, "unknown_finding", error.description)
      case .merged: return WebError(.conflict, "merged", error.description)
      default: return .badRequest(error.description)
      }
    case let error as ProbeError: return WebError(.unprocessableContent, "no_frame", error.description)
    case let error as RecordingCorrectionError: return .badRequest(error.description)
    case let error as AccountError: return .badRequest(error.description)
    case let error as BundleError: return WebError(.unprocessableContent, "bundle", error.description)
    case let error as SQLiteError where error.isBusy:
      return WebError(
        .serviceUnavailable, "busy", "the database is busy with another write; try again in a moment")
    case let error as HTTPParserError:
      return WebError(.badRequest, "malformed", "the request is not well-formed HTTP (\(error))")
    case is NIOTooManyBytesError:
      return WebError(.contentTooLarge, "too_large", "the request is larger than this server accepts (1 MiB)")
    case let error as HTTPError:
      switch error.status {
      case .contentTooLarge:
        return WebError(.contentTooLarge, "too_large", "the request is larger than this server accepts")
      case .notFound: return .notFound("there is no page here")
      default: return WebError(error.status, "http", error.body ?? error.status.reasonPhrase)
      }
    default:
      // The middleware that renders it logs it (``ErrorRendering``).
      return WebError(.internalServerError, "internal", "the server could not answer; its log says why")
    }
  }
}
