/// How a command is told of the team's evidence store: `--media s3://bucket[/prefix]`, else
/// `$EXHIBIT_MEDIA`; an empty value, or neither, means none. ExhibitObjectStore reads the value.
public enum EvidenceStorageSetting {
  /// The environment variable that names the evidence store.
  public static let environmentVariable = "EXHIBIT_MEDIA"
}
