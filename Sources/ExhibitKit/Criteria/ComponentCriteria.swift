/// Everything Exhibit holds on a component's current criteria.
public struct ComponentCriteria: Sendable, Equatable {
  public let component: ComponentID
  public let document: CriteriaDocumentSummary
  public let items: [StoredCriteriaItem]
  public let gherkinGiven: String
  public let scenarios: [GherkinScenario]
  public let notes: [DeveloperNote]
  public let announcements: [AnnouncementExample]
  public let videos: [VideoReference]
}
