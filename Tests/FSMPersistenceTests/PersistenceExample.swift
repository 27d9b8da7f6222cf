// The examples of Persistence.md, compiled and run here.
import FSM
import FSMPersistence
import Foundation
import Testing

// example:device:start
enum Device: Hashable, Sendable { case detached, idle, addressed, configured, suspended }
enum Bus: Hashable, Sendable, CaseIterable, MachineEvent { case attach, address, configure, suspend, resume, detach }

let device = MachineDefinition<Device, Bus, String, Void>(name: "device", initial: .detached) {
    In(.detached) { On(.attach, to: .idle, emit: "powerUp"); Ignore(.address, .configure, .suspend, .resume, .detach) }
    Parent("attached") {
        On(.detach, to: .detached, emit: "powerDown")
        Ignore(.attach)
    } children: {
        Parent("awake") {
            On(.suspend, to: .suspended)
            Ignore(.resume)
        } children: {
            In(.idle) { On(.address, to: .addressed); Ignore(.configure) }
            In(.addressed) { On(.configure, to: .configured, emit: "loadDriver"); Ignore(.address) }
            In(.configured) { Ignore(.address, .configure) }
        }
        In(.suspended) {
            On(.resume, to: .idle, resuming: .shallow("awake"))
            Ignore(.address, .configure, .suspend)
        }
    }
}
// example:device:end

private func runPersistenceExample() throws -> [String] {
    var lines: [String] = []
    func print(_ text: String) { lines.append(text) }
    // example:save:start
    var live = try Machine(device)
    for event: Bus in [.attach, .address, .configure, .suspend] { try live.send(event) }

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]  // the same machine, the same bytes
    let data = try encoder.encode(live.snapshot())
    print(String(decoding: data, as: UTF8.self))
    // {"fingerprint":"980844339ee022dd","format":1,"history":[{"deep":false,"parent":"awake","remembers":"configured"}],"machine":"device","parents":["attached"],"state":"suspended"}
    // example:save:end

    // example:restore:start
    // In another process, after a relaunch: nothing runs while restoring.
    let snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: data)
    var device2 = try Machine(device, restoring: snapshot)
    print("\(device2.state)")                          // suspended
    print("\(try device2.send(.resume).effects)")      // []
    print("\(device2.state)")                          // configured
    // example:restore:end

    // example:refuse:start
    var stale = snapshot
    stale.state = "sleeping"
    do {
        _ = try Machine(device, restoring: stale)
    } catch {
        print("\(error)")
        // cannot restore 'device': no state is named 'sleeping'; nothing was restored
    }
    // example:refuse:end
    return lines
}

@Suite("The Persistence article's examples")
struct PersistenceExampleTests {
    @Test("the examples print what their comments say")
    func prints() throws {
        let printed = try runPersistenceExample()
        // What each `print` prints: the comment on its line, or the comment line under it.
        let said = try ["save", "restore", "refuse"].flatMap { region in
            let lines = try exampleLines(region)
            return lines.indices.compactMap { index -> String? in
                let line = lines[index]
                if line.contains("print("), let comment = line.range(of: "// ") { return String(line[comment.upperBound...]) }
                guard index > 0, lines[index - 1].contains("print("), !lines[index - 1].contains("// ") else { return nil }
                return line.range(of: "// ").map { String(line[$0.upperBound...]) }
            }
        }
        #expect(printed == said)
    }

    @Test("the article shows each example as compiled here")
    func article() throws {
        let text = try persistenceFile("Sources/FSM/Documentation.docc/Persistence.md")
        for region in ["device", "save", "restore", "refuse"] {
            let code = try exampleLines(region).joined(separator: "\n")
            #expect(text.contains("```swift\n" + code + "\n```"), "Persistence.md does not show '\(region)' as compiled")
        }
    }
}

/// A file of this package (relative to its root).
func persistenceFile(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// The lines of an example region of this file, without their common indentation.
func exampleLines(_ name: String, in file: String = "Tests/FSMPersistenceTests/PersistenceExample.swift") throws -> [String] {
    let lines = try persistenceFile(file).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):start") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):end") })
    let region = lines[(start + 1)..<end]
    let indent = region.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return region.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }
}
