import Graphiti
import Synchronization

/// The schema's key-path fields, readable without Graphiti's resolver closures.
///
/// Graphiti resolves every field through a closure that first decodes the field's arguments with
/// `MapDecoder` — for a plain stored property that has none, most of what the field costs. The schema
/// declares such fields with ``KeyField(_:at:)``, which builds Graphiti's `Field` as usual and, while
/// ``PantrySchema/make()`` runs, records the key path here; ``SerialExecutor`` then reads those fields
/// straight from the source value. GraphQL's own executor still goes through Graphiti.
struct KeyPathFields: Sendable {
    /// Reads one field from a source of the recorded Swift type.
    typealias Reader = @Sendable (any Sendable) -> (any Sendable)?

    private var readers: [ObjectIdentifier: [String: Reader]] = [:]

    /// The reader for field `name` of values of Swift type `type`, if it is a recorded key-path field.
    func reader(_ type: ObjectIdentifier, _ name: String) -> Reader? {
        readers[type]?[name]
    }

    /// Whether nothing was recorded.
    var isEmpty: Bool { readers.isEmpty }

    /// Where ``KeyField(_:at:)`` records while a schema is built.
    final class Recorder: Sendable {
        @TaskLocal static var current: Recorder?
        private let state = Mutex(State())

        private struct FieldKey: Hashable {
            let type: ObjectIdentifier
            let name: String
        }

        private struct State {
            var fields = KeyPathFields()
            var keyPaths: [FieldKey: AnyKeyPath] = [:]
            /// Fields of one Swift type declared twice with different key paths: they go through Graphiti.
            var ambiguous: Set<FieldKey> = []
        }

        /// What was recorded.
        var fields: KeyPathFields { state.withLock { $0.fields } }

        func record<Source: Sendable, Value: Sendable>(_ name: String, _ keyPath: KeyPath<Source, Value>) {
            let key = FieldKey(type: ObjectIdentifier(Source.self), name: name)
            state.withLock { state in
                guard !state.ambiguous.contains(key) else { return }
                if let earlier = state.keyPaths[key], earlier != keyPath {
                    state.ambiguous.insert(key)
                    state.fields.readers[key.type]?[name] = nil
                    return
                }
                state.keyPaths[key] = keyPath
                // Graphiti's key-path resolver hands the property's value back as `(any Sendable)?` the same way.
                state.fields.readers[key.type, default: [:]][name] = { source in (source as! Source)[keyPath: keyPath] }
            }
        }
    }
}

/// A field read at `keyPath`: Graphiti's `Field(_:at:)`, also recorded for ``SerialExecutor`` (see ``KeyPathFields``).
func KeyField<Source: Sendable, Value: Sendable>(
    _ name: String, at keyPath: KeyPath<Source, Value>
) -> Field<Source, PantryContext, Value, NoArguments> {
    KeyPathFields.Recorder.current?.record(name, keyPath)
    return Field(name, at: keyPath)
}
