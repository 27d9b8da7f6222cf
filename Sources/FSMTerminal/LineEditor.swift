import Foundation

/// Reads lines at a terminal with editing, history and completion, and prints text above
/// the line being typed without disturbing it.
///
/// It is the only writer of the terminal while it runs: ``printAbove(_:)`` (from any thread)
/// clears the prompt's row, prints, and redraws the prompt with what has been typed so far,
/// so output that arrives while someone types never interleaves with the line or erases it.
///
/// Keys: arrows, Home/End (Ctrl-A/E), Ctrl/Alt-arrows and Alt-B/F for words, Backspace,
/// Delete, Ctrl-W/K/U to delete a word or to either end, Up/Down (Ctrl-P/N) for history,
/// Tab to complete, Ctrl-L to clear the screen, Ctrl-C to clear the line (on an empty line,
/// twice in a row to quit), Ctrl-D on an empty line to quit. Control characters and unknown
/// escape sequences are never inserted; the line is drawn with ``TerminalText/visible(_:)``.
public final class LineEditor: @unchecked Sendable {
    /// Candidates for the word before the cursor, given the text before the cursor. Called
    /// on the thread that calls ``readLine(prompt:)``, never at the same time as another call.
    public typealias Completer = (_ textBeforeCursor: String) -> [String]

    /// The longest line in UTF-8 bytes; what is typed beyond it is not inserted, and at
    /// Enter such a line is refused with its length and the limit (it is not returned).
    public let maximumLineBytes: Int

    /// Bytes examined to decide whether typed keys fit the line: a deterministic measure of
    /// the work per key, for tests of its complexity (a constant per key, not the line's length).
    package private(set) var measuredBytes = 0
    /// The bytes typed beyond ``maximumLineBytes`` on this line (dropped).
    private var droppedBytes = 0

    private let device: TerminalDevice
    private let historyFile: HistoryFile?
    private let completer: Completer
    private let lock = NSLock()
    private var buffer: LineBuffer
    private var decoder = KeyDecoder()
    private var prompt = ""
    private var reading = false
    private var interruptedOnEmpty = false
    private var queued: [Key] = []
    /// Whether Ctrl-Z stops the process (once the signal handlers are installed).
    private var suspends = false
    /// How many entries of the buffer's history the history file has (loaded or appended).
    private var savedEntries = 0

    /// An editor on `device`.
    /// - Parameters:
    ///   - device: The terminal.
    ///   - history: Where history is loaded from and saved to (`nil`: this session only).
    ///   - maximumLineBytes: The longest line, in UTF-8 bytes.
    ///   - completer: Candidates for Tab.
    public init(device: TerminalDevice, history: HistoryFile? = nil, maximumLineBytes: Int = 1_000, completer: @escaping Completer = { _ in [] }) {
        self.device = device
        historyFile = history
        self.maximumLineBytes = maximumLineBytes
        self.completer = completer
        buffer = LineBuffer(history: history?.load() ?? [])
        savedEntries = buffer.history.count
    }

    /// The lines entered so far (with those loaded from the history file), oldest first.
    public var history: [String] { lock.withLock { buffer.history } }

    /// Installs the handlers a program at its own terminal needs, so that no signal leaves
    /// the terminal raw: the line is redrawn when the window is resized (SIGWINCH); the
    /// terminal's mode is restored before the process ends on SIGTERM, SIGHUP, SIGINT or
    /// SIGQUIT (exit status 128 + the signal's number; no crash report for SIGQUIT); and on
    /// SIGTSTP (or Ctrl-Z typed at the prompt) the mode is restored before the process stops,
    /// then raw mode re-entered and the line redrawn when it continues (SIGCONT). A stop
    /// where no shell could continue the process (an orphaned process group) is dropped, as
    /// the kernel drops a default stop there. For an editor on the process's own terminal (a
    /// ``PosixTerminal``).
    ///
    /// The handlers are installed once for the process and serve the editor that installed
    /// them last until its ``close()``; with no editor open, each of these signals does what
    /// its default action does (ends or stops the process; SIGWINCH and SIGCONT nothing).
    public func installSignalHandlers() {
        lock.withLock { suspends = device is PosixTerminal }
        SignalRouter.shared.attach(self)
    }

    /// What a signal routed to this editor does (see ``installSignalHandlers()``).
    fileprivate func handle(signal number: Int32) {
        switch number {
        case SIGWINCH:
            redraw()
        case SIGTSTP:
            guard let terminal = device as? PosixTerminal else { return SignalRouter.actByDefault(number) }
            // The mode first, then the line break: a write blocked on a terminal that reads
            // nothing must not keep the mode raw.
            terminal.suspendForStop()
            lock.withLock { if reading { device.write("\n") } }
            SignalRouter.raiseByDefault(SIGTSTP)
            // Stopped and continued, or the stop dropped: back to the line.
            if terminal.resumeAfterStop() { redraw() }
        case SIGCONT:
            if (device as? PosixTerminal)?.resumeAfterStop() == true { redraw() }
        default:
            device.restoreMode()
            exit(128 + number)
        }
    }

    /// Reads one line: shows `prompt`, handles keys until Enter, and returns the line
    /// (added to the history). Returns `nil` at Ctrl-D on an empty line, at a second Ctrl-C
    /// in a row on an empty line, or at the end of input; the terminal's mode is restored
    /// then. Call from one thread at a time; it blocks.
    public func readLine(prompt: String) -> String? {
        device.enterRawMode()
        lock.withLock {
            self.prompt = prompt
            reading = true
            device.write(LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        }
        while true {
            // Keys that came after an Enter (a paste of several lines, typing ahead) first.
            let queued = lock.withLock { () -> [Key] in
                defer { self.queued = [] }
                return self.queued
            }
            if let outcome = handle(queued) { return outcome }
            guard var bytes = device.read() else {
                finish(newline: true)
                return nil
            }
            var keys = lock.withLock { decoder.decode(bytes) }
            while lock.withLock({ decoder.hasPending }) {
                if device.hasInput(within: 50), let more = device.read() {
                    bytes = more
                    keys += lock.withLock { decoder.decode(bytes) }
                } else {
                    keys += lock.withLock { decoder.flush() }
                }
            }
            if let outcome = handle(keys) { return outcome }
        }
    }

    /// Handles keys until one ends the line; the keys after it are queued for the next.
    /// Returns `nil` while the line goes on, `.some(line)` or `.some(nil)` when it ends.
    private func handle(_ keys: [Key]) -> String?? {
        for (index, key) in keys.enumerated() {
            switch handle(key) {
            case .continue: continue
            case let .line(line):
                let rest = keys[(index + 1)...]
                lock.withLock { queued = Array(rest) }
                return .some(line)
            case .end:
                return .some(nil)
            }
        }
        return nil
    }

    /// Prints text (a line break is added) above the line being typed, then redraws the
    /// prompt and the line. Between lines it just prints. Safe from any thread.
    public func printAbove(_ text: String) {
        lock.withLock {
            let body = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
            if reading {
                device.write(LineRenderer.clearRow + body + LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
            } else {
                device.write(body)
            }
        }
    }

    /// Changes the prompt of the line being read (redrawn at once).
    public func setPrompt(_ newPrompt: String) {
        lock.withLock {
            prompt = newPrompt
            if reading { device.write(LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width)) }
        }
    }

    /// Saves the history, restores the terminal's mode, and hands the signals back (see
    /// ``installSignalHandlers()``): from now on they act by default.
    public func close() {
        SignalRouter.shared.detach(self)
        device.restoreMode()
        lock.withLock { saveHistory() }
    }

    private enum Outcome {
        case `continue`, line(String), end
    }

    /// Appends the lines entered since the last save to the history file. Call with the lock held.
    private func saveHistory() {
        guard buffer.history.count > savedEntries else { return }
        historyFile?.append(Array(buffer.history[savedEntries...]))
        savedEntries = buffer.history.count
    }

    private func redraw() {
        lock.withLock {
            if reading { device.write(LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width)) }
        }
    }

    private func finish(newline: Bool) {
        lock.withLock {
            reading = false
            if newline { device.write("\n") }
        }
        device.restoreMode()
    }

    private func handle(_ key: Key) -> Outcome {
        lock.lock()
        let wasInterrupted = interruptedOnEmpty
        interruptedOnEmpty = false
        switch key {
        case .enter where droppedBytes > 0:
            // A line longer than the limit is refused at once, with its length; the session goes on.
            let length = buffer.utf8Count + droppedBytes
            var end = buffer
            end.apply(.end)
            droppedBytes = 0
            buffer.clear()
            device.write(LineRenderer.render(prompt: prompt, buffer: end, width: device.width) + "\n"
                + "error: line too long (\(length) bytes; at most \(maximumLineBytes)); nothing changed\n"
                + LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        case .enter:
            var end = buffer
            end.apply(.end)
            device.write(LineRenderer.render(prompt: prompt, buffer: end, width: device.width) + "\n")
            let line = buffer.accept()
            reading = false
            saveHistory()
            lock.unlock()
            return .line(line)
        case .endOfInput where buffer.characters.isEmpty:
            lock.unlock()
            finish(newline: true)
            return .end
        case .interrupt where buffer.characters.isEmpty:
            if wasInterrupted {
                lock.unlock()
                finish(newline: true)
                return .end
            }
            interruptedOnEmpty = true
            device.write(LineRenderer.clearRow + "(Ctrl-C again or Ctrl-D to quit)\n" + LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        case .interrupt:
            var end = buffer
            end.apply(.end)
            buffer.clear()
            droppedBytes = 0
            device.write(LineRenderer.render(prompt: prompt, buffer: end, width: device.width) + "^C\n" + LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        case .clearScreen:
            device.write(LineRenderer.clearScreen + LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        case .suspend:
            // What the terminal would do with Ctrl-Z outside raw mode: the SIGTSTP handler
            // restores the mode before stopping.
            if suspends { kill(getpid(), SIGTSTP) }
        case .tab:
            complete()
        default:
            if apply(key) { device.write(LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width)) }
        }
        lock.unlock()
        return .continue
    }

    /// Applies an editing key within the length limit. Call with the lock held.
    @discardableResult
    private func apply(_ key: Key) -> Bool {
        if case let .character(character) = key {
            let bytes = character.utf8.count
            measuredBytes += bytes
            if droppedBytes > 0 || buffer.utf8Count + bytes > maximumLineBytes {
                droppedBytes += bytes
                return false
            }
        }
        if case .endOfInput = key { return buffer.apply(.delete) }
        return buffer.apply(key)
    }

    /// Tab: completes the word before the cursor or lists the candidates. Call with the
    /// lock held.
    private func complete() {
        let word = buffer.wordBeforeCursor
        switch Completion.complete(word, among: completer(buffer.textBeforeCursor)) {
        case let .replace(text):
            guard buffer.text.utf8.count - word.utf8.count + text.utf8.count <= maximumLineBytes else { return }
            buffer.replaceWordBeforeCursor(with: text)
            device.write(LineRenderer.render(prompt: prompt, buffer: buffer, width: device.width))
        case let .list(candidates):
            let width = device.width
            device.write(LineRenderer.clearRow + LineRenderer.columns(candidates, width: width) + "\n" + LineRenderer.render(prompt: prompt, buffer: buffer, width: width))
        case .none:
            break
        }
    }
}

/// The signals line editors handle, for the whole process: the dispatch sources are made
/// once (libdispatch installs its own handler for a signal once per process, so a handler
/// taken back on close could not be given again to a later editor), and each signal is
/// routed to the editor attached last, or acts by default when none is.
private final class SignalRouter: @unchecked Sendable {
    static let shared = SignalRouter()
    private static let signals = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]

    private let lock = NSLock()
    private weak var editor: LineEditor?
    private var sources: [DispatchSourceSignal] = []
    /// A queue of its own: a signal is handled even while CPU-bound work fills the global
    /// queues' threads (a serial queue made here gets a thread of its own when it needs one;
    /// on `.global()` a resize or a Ctrl-Z waited for that work to finish).
    private let queue = DispatchQueue(label: "FSMTerminal.signals", qos: .userInteractive)

    func attach(_ editor: LineEditor) {
        lock.withLock {
            self.editor = editor
            guard sources.isEmpty else { return }
            for number in Self.signals {
                // Ignored as a disposition: the dispatch source still sees it.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [unowned self] in self.received(number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    func detach(_ editor: LineEditor) {
        lock.withLock { if self.editor === editor { self.editor = nil } }
    }

    private func received(_ number: Int32) {
        if let editor = lock.withLock({ editor }) {
            editor.handle(signal: number)
        } else {
            Self.actByDefault(number)
        }
    }

    /// What the signal's default action does: nothing for SIGWINCH and SIGCONT (the process
    /// continued already); the others end or stop the process.
    static func actByDefault(_ number: Int32) {
        if number == SIGWINCH || number == SIGCONT { return }
        raiseByDefault(number)
    }

    /// Raises `number` with its default action, on this thread (where the dispatch source
    /// keeps it blocked: unblocked for the moment it is raised), then gives the signal back to
    /// the source. A stop the kernel drops (an orphaned process group) returns at once.
    static func raiseByDefault(_ number: Int32) {
        var previous = setDisposition(of: number, to: SIG_DFL)
        var only = sigset_t(), mask = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        raise(number)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(number, &previous, nil)
    }
}

#if canImport(Darwin)
private typealias SignalDisposition = sig_t
#else
private typealias SignalDisposition = sighandler_t
#endif

/// Makes a signal do `disposition` (`SIG_IGN`, `SIG_DFL`), and returns what it did before, for
/// `sigaction` to restore.
private func setDisposition(of number: Int32, to disposition: SignalDisposition?) -> sigaction {
    var action = sigaction()
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = disposition
    #else
    action.__sigaction_handler.sa_handler = disposition
    #endif
    var old = sigaction()
    sigaction(number, &action, &old)
    return old
}
