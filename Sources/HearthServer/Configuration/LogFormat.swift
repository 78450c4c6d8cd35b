/// How `hearth serve` writes its log lines to standard error.
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's usual text: `2026-11-27T09:00:00+0000 info hearth.server : key=value message`.
    case text
    /// One JSON object a line (`timestamp`, `level`, `label`, `message`, `metadata`, `source`), for log
    /// collectors such as journald, Loki, Vector or Elasticsearch.
    case json
}
