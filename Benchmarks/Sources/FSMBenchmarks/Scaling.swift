import FSM

#if canImport(Glibc)
import Glibc
#endif

/// A synthetic machine: `states` states, 10 events, each state with a transition on every
/// event to a state further on (so every state is reachable and none is a dead end).
func scaledDefinition(states: Int) -> MachineDefinition<Int, Int, Never, Void> {
    MachineDefinition(name: "scaled-\(states)", initial: 0, events: Array(0..<10)) {
        for state in 0..<states {
            In(state) {
                for event in 0..<10 {
                    On(event, to: (state &* 31 &+ event &* 7 &+ 1) % states)
                }
            }
        }
    }
}

/// Measures one size in this process and prints `build validate dot total peakMiB`.
func printScale(states: Int) {
    let start = now()
    let definition = scaledDefinition(states: states)
    let built = now()
    let diagnostics = definition.validate()
    let validated = now()
    let dot = definition.dot()
    let drawn = now()
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    let ms = { (from: UInt64, to: UInt64) in fixed(Double(to - from) / 1e6, 1) }
    let peak = fixed(Double(usage.ru_maxrss) / 1024, 1)
    print("\(ms(start, built)) \(ms(built, validated)) \(ms(validated, drawn)) \(ms(start, drawn)) \(peak) \(diagnostics.count) \(dot.utf8.count)")
}

/// Runs `executable scale N` and returns its line.
func runScale(states: Int, executable: String) -> String? {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    var pid = pid_t()
    let arguments = [executable, "scale", String(states)]
    var argv = arguments.map { strdup($0) } + [nil]
    let status = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
    argv.forEach { free($0) }
    posix_spawn_file_actions_destroy(&actions)
    close(pipe[1])
    guard status == 0 else { close(pipe[0]); return nil }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let read = Glibc.read(pipe[0], &buffer, buffer.count)
        if read <= 0 { break }
        output += buffer[0..<read]
    }
    close(pipe[0])
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    return String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init)
}
