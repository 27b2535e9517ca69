/// A level an auditor decided for one success criterion and component type in an audit's
/// report (`exhibit acr set`), with the remarks that go with it.
public struct ACRDecision: Sendable, Equatable, Codable {
  public let criterion: String
  public let componentType: ACRComponentType
  public let level: ConformanceLevel
  public let remarks: String
  public let actor: String
  public let at: String

  public init(
    criterion: String, componentType: ACRComponentType, level: ConformanceLevel, remarks: String,
    actor: String,
    at: String
  ) {
    self.criterion = criterion
    self.componentType = componentType
    self.level = level
    self.remarks = remarks
    self.actor = actor
    self.at = at
  }
}
