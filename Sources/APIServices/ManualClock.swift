import FSMRuntime

/// The manual clock the simulated back end's tests drive: ``FSMRuntime/ManualClock``.
public typealias ManualClock = FSMRuntime.ManualClock
