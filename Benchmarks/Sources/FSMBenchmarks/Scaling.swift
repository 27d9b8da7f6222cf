import FSM

#if canImport(Glibc)
import Glibc
#endif

// FSM makes only `String` an event out of the box: the synthetic machine's events are numbers.
extension Int: @retroactive MachineEvent {}

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

/// Runs `executable scale N` in a process of its own and returns its line.
func runScale(states: Int, executable: String) -> String? {
    let (status, output) = spawn([executable, "scale", String(states)])
    guard status == 0 else { return nil }
    return output.split(separator: "\n").first.map(String.init)
}

/// Runs a program (found on the PATH when the name has no slash) and returns its exit
/// status and standard output (standard error goes to /dev/null).
func spawn(_ arguments: [String]) -> (status: Int32, output: String) {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return (-1, "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    var pid = pid_t()
    var argv = arguments.map { strdup($0) } + [nil]
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    argv.forEach { free($0) }
    posix_spawn_file_actions_destroy(&actions)
    close(pipe[1])
    guard status == 0 else { close(pipe[0]); return (-1, "") }
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
    let code = (exitStatus & 0x7F) == 0 ? (exitStatus >> 8) & 0xFF : 128 + (exitStatus & 0x7F)
    return (code, String(decoding: output, as: UTF8.self))
}
