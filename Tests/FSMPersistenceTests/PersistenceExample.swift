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

// example:device2:start
// Version 2: `idle` is called `unaddressed`, and `configured` became a parent of `active`
// (entered first) and `resting`.
enum DeviceV2: Hashable, Sendable { case detached, unaddressed, addressed, active, resting, suspended }
enum BusV2: Hashable, Sendable, CaseIterable, MachineEvent { case attach, address, configure, suspend, resume, detach, rest, work }

let deviceV2 = MachineDefinition<DeviceV2, BusV2, String, Void>(name: "device", version: 2, initial: .detached) {
    In(.detached) { On(.attach, to: .unaddressed, emit: "powerUp"); Ignore(.address, .configure, .suspend, .resume, .detach, .rest, .work) }
    Parent("attached") {
        On(.detach, to: .detached, emit: "powerDown")
        Ignore(.attach)
    } children: {
        Parent("awake") {
            On(.suspend, to: .suspended)
            Ignore(.resume)
        } children: {
            In(.unaddressed) { On(.address, to: .addressed); Ignore(.configure, .rest, .work) }
            In(.addressed) { On(.configure, to: .active, emit: "loadDriver"); Ignore(.address, .rest, .work) }
            Parent("configured") { Ignore(.address, .configure) } children: {
                In(.active) { On(.rest, to: .resting); Ignore(.work) }
                In(.resting) { On(.work, to: .active); Ignore(.rest) }
            }
        }
        In(.suspended) {
            On(.resume, to: .unaddressed, resuming: .shallow("awake"))
            Ignore(.address, .configure, .suspend, .rest, .work)
        }
    }
}

let migrations = SnapshotMigrations()
    .from(1, to: 2,
          .renameState("idle", to: "unaddressed"),
          .splitState("configured", into: "active", parents: ["attached", "awake", "configured"]))
// example:device2:end

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

    // example:migrate:start
    // `data`: what version 1 wrote above, suspended while configured.
    let old = try JSONDecoder().decode(MachineSnapshot.self, from: data)
    var upgraded = try Machine(deviceV2, restoring: old, migrating: migrations)
    print("\(upgraded.state)")                       // suspended
    try upgraded.send(.resume)
    print("\(upgraded.state)")                       // active
    print("\(upgraded.snapshot().version ?? 1)")     // 2
    do {
        _ = try Machine(deviceV2, restoring: old)    // no migration given
    } catch {
        print("\(error)")
        // cannot restore 'device': no migration goes on from version 1 towards the machine's version 2; nothing was restored
    }
    // example:migrate:end
    return lines
}

@Suite("The Persistence article's examples")
struct PersistenceExampleTests {
    @Test("the examples print what their comments say")
    func prints() throws {
        let printed = try runPersistenceExample()
        // What each `print` prints: the comment on its line, or the comment line under it.
        let said = try ["save", "restore", "refuse", "migrate"].flatMap { region in
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
        for region in ["device", "save", "restore", "refuse", "device2", "migrate"] {
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
