extension MachineDefinition {
    /// The definition's structure as text, one line per thing that changes what a machine does
    /// or what a saved configuration means, sorted: each state with its parents and whether it
    /// is final, the initial state, each history that some transition resumes, each cell of the
    /// table (its entries in order: target, guard name, every effect performed in order,
    /// internal, resumed history), each timer (its duration), each line without an event (its
    /// place among its state's), each parent with the state it enters first and its regions.
    /// Names (and effects, as `String(describing:)` writes them: an effect whose description
    /// changes from one run to the next, such as one holding a `Set`, changes it too) are
    /// written with their length in UTF-8 bytes first (`5:ready`), so no name can pass for
    /// another line's text. Labels (the machine's summary, diagram directions) are not in it,
    /// nor the order of declarations that do not change behaviour.
    /// What ``structureDigest`` digests. Linear in the table's size (then sorted).
    package var structureLines: [String] {
        let resolution = self.resolution
        func quoted(_ text: String) -> String { "\(text.utf8.count):" + text }
        func entryText(_ entry: TransitionTable<State, Event.Key, Effect>.Entry) -> String {
            var text = "-> " + quoted(name(of: entry.target))
            if let guardName = entry.guardName { text += " [" + quoted(guardName) + "]" }
            if entry.isInternal { text += " internal" }
            if let history = entry.history { text += (history.isDeep ? " deep history " : " history ") + quoted(history.parent) }
            if let parent = entry.targetParent { text += " into " + quoted(parent) }
            text += " / " + entry.performed.map { quoted(String(describing: $0)) }.joined(separator: ", ")
            return text
        }
        func durationText(_ duration: Duration) -> String {
            let (seconds, attoseconds) = duration.components
            return "\(seconds) s \(attoseconds) as"
        }
        var lines: [String] = []
        for s in resolution.states.indices {
            let parents = resolution.parentNames(of: s).map(quoted)
            lines.append("state " + quoted(resolution.stateNames[s]) + " in [" + parents.joined(separator: ", ") + "]"
                + (resolution.declarations[s].isFinal ? " final" : ""))
        }
        for (p, parent) in resolution.parents.enumerated() {
            let regions = parent.regions.map { " regions [" + $0.names.map(quoted).joined(separator: ", ") + "]" } ?? ""
            let first = resolution.parentInitialLeaf[p]
            lines.append("parent " + quoted(parent.name) + (first >= 0 ? " enters " + quoted(resolution.stateNames[first]) : "") + regions)
        }
        if let initial { lines.append("initial " + quoted(name(of: initial))) }
        for history in resolution.histories { lines.append((history.isDeep ? "deep history " : "history ") + quoted(history.parent)) }
        let table = self.table
        for row in table.rows {
            var text = "cell " + quoted(name(of: row.state)) + " " + quoted(name(of: row.event)) + ": "
            switch row.cell {
            case let .transitions(entries): text += entries.map(entryText).joined(separator: "; ")
            case let .guarded(entries, otherwise): text += entries.map(entryText).joined(separator: "; ") + "; else " + otherwise.rawValue
            case .ignored: text += "ignored"
            case let .illegal(declared): text += declared ? "illegal (declared)" : "illegal"
            }
            lines.append(text)
        }
        var positions: [String: Int] = [:]
        for row in table.timerRows {
            let state = quoted(name(of: row.state))
            let position = positions["after " + state, default: 0]
            positions["after " + state] = position + 1
            lines.append("after " + state + " #\(position) " + durationText(row.duration) + ": " + entryText(row.entry))
        }
        for row in table.eventlessRows {
            let kind = row.isCompletion ? "done " : "always "
            let state = quoted(name(of: row.state))
            let position = positions[kind + state, default: 0]
            positions[kind + state] = position + 1
            lines.append(kind + state + " #\(position): " + entryText(row.entry))
        }
        lines.sort()
        return lines
    }
}

extension MachineDefinition {
    /// A digest of ``structureLines``, the same in every process and on every platform
    /// (FNV-1a, 64 bits, 16 hexadecimal digits; not `Hasher`, whose seed changes from one run
    /// to the next): the `FSMPersistence` product's fingerprint.
    package var structureDigest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in structureLines {
            for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0x0a) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Machine {
    /// The definition's ``MachineDefinition/structureDigest``, made once per compiled
    /// definition and shared by every machine copied from it.
    package var structureDigest: String {
        if let known = tables.structureDigestCache.withLock({ $0 }) { return known }
        let digest = definition.structureDigest
        tables.structureDigestCache.withLock { $0 = digest }
        return digest
    }
}
