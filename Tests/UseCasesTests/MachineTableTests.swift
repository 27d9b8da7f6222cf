import FSM
import FSMTesting
import Testing
import UseCases

// Every (state, event) cell of the five machines, written by hand from the Login Challenge's
// specification (its machine tables are normative), not read from the code.
// A cell the rows forget fails the whole-table test, so each table is complete.

typealias LoginRow = ExpectedRow<LoginState, LoginEvent, LoginEffect>
typealias LoadingRow = ExpectedRow<HomeLoadingState, HomeEvent.Key, HomeEffect>
typealias LogoutRow = ExpectedRow<LogoutState, HomeEvent.Key, HomeEffect>
typealias HomeRow = ExpectedRow<HomeState, HomeEvent.Key, HomeEffect>
typealias PasscodeRow = ExpectedRow<PasscodeState, PasscodeEvent.Key, PasscodeEffect>

private let loginKinds = LoginFailure.allCases
private let homeKinds = HomeFailure.allCases

private let loginRows: [LoginRow] = {
    var rows: [LoginRow] = [
        LoginRow(.idle, .edit, .internal()),
        LoginRow(.idle, .logIn, .to(.loggingIn, guard: "ID and password filled", emitting: .disableInputs, .showActivityIndicator, .callLogIn)),
        LoginRow(.idle, .succeed, .illegal),
        LoginRow(.idle, .closeAlert, .illegal),
        LoginRow(.idle, .returnFromHome, .illegal),
        LoginRow(.loggingIn, .edit, .illegal),
        LoginRow(.loggingIn, .logIn, .ignored),
        LoginRow(.loggingIn, .succeed, .to(.atHome, emitting: .hideActivityIndicator, .presentHome)),
        LoginRow(.loggingIn, .closeAlert, .illegal),
        LoginRow(.loggingIn, .returnFromHome, .illegal),
        LoginRow(.atHome, .edit, .illegal),
        LoginRow(.atHome, .logIn, .ignored),
        LoginRow(.atHome, .succeed, .illegal),
        LoginRow(.atHome, .closeAlert, .illegal),
        LoginRow(.atHome, .returnFromHome, .to(.idle, emitting: .enableInputs)),
    ]
    for k in loginKinds {
        rows.append(LoginRow(.idle, .fail(k), .illegal))
        rows.append(LoginRow(.loggingIn, .fail(k), .to(.failed(k), emitting: .hideActivityIndicator, .enableInputs, .showAlert(k))))
        rows.append(LoginRow(.atHome, .fail(k), .illegal))
        rows.append(LoginRow(.failed(k), .edit, .illegal))
        rows.append(LoginRow(.failed(k), .logIn, .illegal))
        rows.append(LoginRow(.failed(k), .succeed, .illegal))
        rows.append(LoginRow(.failed(k), .closeAlert, .to(.idle)))
        rows.append(LoginRow(.failed(k), .returnFromHome, .illegal))
        for other in loginKinds { rows.append(LoginRow(.failed(k), .fail(other), .illegal)) }
    }
    return rows
}()

private let loadingRows: [LoadingRow] = {
    var rows: [LoadingRow] = [
        LoadingRow(.waiting, .startLoading, .to(.loading, emitting: .callCurrentUser)),
        LoadingRow(.waiting, .finishLoading, .illegal),
        LoadingRow(.waiting, .clearError, .illegal),
        LoadingRow(.loading, .startLoading, .ignored),
        LoadingRow(.loading, .finishLoading, .to(.waiting)),
        LoadingRow(.loading, .clearError, .illegal),
        LoadingRow(.failure(.authentication), .clearError, .to(.dismissed, emitting: .dismiss)),
        LoadingRow(.failure(.network), .clearError, .to(.waiting)),
        LoadingRow(.failure(.server), .clearError, .to(.waiting)),
        LoadingRow(.failure(.system), .clearError, .to(.waiting)),
        LoadingRow(.dismissed, .startLoading, .ignored),
        LoadingRow(.dismissed, .finishLoading, .ignored),
        LoadingRow(.dismissed, .clearError, .ignored),
    ]
    for k in homeKinds {
        rows.append(LoadingRow(.waiting, .failToLoad(k), .illegal))
        rows.append(LoadingRow(.loading, .failToLoad(k), .to(.failure(k), emitting: .showAlert(k))))
        rows.append(LoadingRow(.failure(k), .startLoading, .ignored))
        rows.append(LoadingRow(.failure(k), .finishLoading, .illegal))
        rows.append(LoadingRow(.dismissed, .failToLoad(k), .ignored))
        for other in homeKinds { rows.append(LoadingRow(.failure(k), .failToLoad(other), .illegal)) }
    }
    return rows
}()

private let logoutRows: [LogoutRow] = [
    LogoutRow(.idle, .logOut, .to(.loggingOut, emitting: .showActivityIndicator, .callLogOut)),
    LogoutRow(.idle, .finishLogOut, .illegal),
    LogoutRow(.loggingOut, .logOut, .ignored),
    LogoutRow(.loggingOut, .finishLogOut, .to(.loggedOut, emitting: .hideActivityIndicator, .dismiss)),
    LogoutRow(.loggedOut, .logOut, .ignored),
    LogoutRow(.loggedOut, .finishLogOut, .ignored),
]

/// The passcode table for a length, written from the specification's rules.
private func passcodeRows(length n: Int) -> [PasscodeRow] {
    var rows: [PasscodeRow] = []
    for k in 0..<n {
        rows.append(PasscodeRow(.entered(k), .typeDigit, k < n - 1 ? .to(.entered(k + 1)) : .to(.complete, emitting: .submit)))
        rows.append(PasscodeRow(.entered(k), .deleteDigit, k > 0 ? .to(.entered(k - 1)) : .ignored))
    }
    rows.append(PasscodeRow(.complete, .typeDigit, .ignored))
    rows.append(PasscodeRow(.complete, .deleteDigit, .ignored))
    return rows
}

/// `home`, written from the specification: each region's cells exactly as in its own table. The
/// regions know disjoint events, so each cell is the cell of the region that lists the event,
/// the other region staying where it is (its events are not its own: they leave it alone).
private let homeRows: [HomeRow] = {
    func lift(_ cell: ExpectedCell<HomeLoadingState, HomeEffect>, logout: LogoutState) -> ExpectedCell<HomeState, HomeEffect> {
        switch cell {
        case let .transition(target, guardName, effects): .transition(HomeState(loading: target, logout: logout), guard: guardName, effects: effects)
        case let .resumingTransition(history, target, guardName, effects):
            .resumingTransition(history, default: HomeState(loading: target, logout: logout), guard: guardName, effects: effects)
        case let .internalTransition(guardName, effects): .internalTransition(guard: guardName, effects: effects)
        case .oneOf, .oneOfOtherwise, .ignored: .ignored
        case .illegal: .illegal
        }
    }
    func lift(_ cell: ExpectedCell<LogoutState, HomeEffect>, loading: HomeLoadingState) -> ExpectedCell<HomeState, HomeEffect> {
        switch cell {
        case let .transition(target, guardName, effects): .transition(HomeState(loading: loading, logout: target), guard: guardName, effects: effects)
        case let .resumingTransition(history, target, guardName, effects):
            .resumingTransition(history, default: HomeState(loading: loading, logout: target), guard: guardName, effects: effects)
        case let .internalTransition(guardName, effects): .internalTransition(guard: guardName, effects: effects)
        case .oneOf, .oneOfOtherwise, .ignored: .ignored
        case .illegal: .illegal
        }
    }
    var rows: [HomeRow] = []
    for loading in HomeLoadingState.allCases {
        for logout in LogoutState.allCases {
            let state = HomeState(loading: loading, logout: logout)
            for row in loadingRows where row.state == loading {
                rows.append(HomeRow(state, row.event, lift(row.expected, logout: logout)))
            }
            for row in logoutRows where row.state == logout {
                rows.append(HomeRow(state, row.event, lift(row.expected, loading: loading)))
            }
        }
    }
    return rows
}()

@Suite("The five machines: every cell, strict validation")
struct MachineTableTests {
    @Test("login: the whole table")
    func loginTable() {
        #expect(loginRows.count == LoginState.allCases.count * LoginEvent.allCases.count)
        expectTable(LoginMachine.definition, loginRows)
    }

    @Test("login", arguments: loginRows)
    func loginCell(_ row: LoginRow) { expectCell(LoginMachine.definition, row) }

    @Test("home-loading: the whole table")
    func loadingTable() {
        #expect(loadingRows.count == HomeLoadingState.allCases.count * HomeLoadingMachine.events.count)
        expectTable(HomeLoadingMachine.definition, loadingRows)
    }

    @Test("home-loading", arguments: loadingRows)
    func loadingCell(_ row: LoadingRow) { expectCell(HomeLoadingMachine.definition, row) }

    @Test("logout: the whole table")
    func logoutTable() { expectTable(LogoutMachine.definition, logoutRows) }

    @Test("logout", arguments: logoutRows)
    func logoutCell(_ row: LogoutRow) { expectCell(LogoutMachine.definition, row) }

    @Test("home: the whole table, 7 x 3 states and 9 events")
    func homeTable() {
        #expect(homeRows.count == 21 * 9)
        expectTable(HomeMachine.definition, homeRows)
    }

    @Test("home", arguments: homeRows)
    func homeCell(_ row: HomeRow) { expectCell(HomeMachine.definition, row) }

    @Test("passcode: the whole table, for each length", arguments: [1, 2, 4, 6])
    func passcodeTable(length: Int) {
        expectTable(PasscodeMachine.definition(length: length), passcodeRows(length: length))
    }

    @Test("passcode (length 4)", arguments: passcodeRows(length: 4))
    func passcodeCell(_ row: PasscodeRow) { expectCell(PasscodeMachine.definition(), row) }

    @Test("each machine passes strict validation")
    func strictValidation() {
        #expect(LoginMachine.definition.validate(.strict) == [])
        #expect(HomeLoadingMachine.definition.validate(.strict) == [])
        #expect(LogoutMachine.definition.validate(.strict) == [])
        #expect(HomeMachine.definition.validate(.strict) == [])
        for length in [1, 4, 6] {
            #expect(PasscodeMachine.definition(length: length).validate(.strict) == [])
        }
    }

    @Test("names are the ones users see")
    func names() {
        #expect(LoginMachine.definition.name == "login")
        #expect(HomeLoadingMachine.definition.name == "home-loading")
        #expect(LogoutMachine.definition.name == "logout")
        #expect(PasscodeMachine.definition().name == "passcode")
        #expect(LoginMachine.definition.states.map(\.description) == ["idle", "loggingIn", "failed(login)", "failed(network)", "failed(server)", "failed(system)", "atHome"])
        #expect(LoginMachine.definition.events.map(\.description) == ["edit", "logIn", "succeed", "fail(login)", "fail(network)", "fail(server)", "fail(system)", "closeAlert", "returnFromHome"])
        #expect(HomeLoadingMachine.definition.states.map(\.description) == ["waiting", "loading", "failure(authentication)", "failure(network)", "failure(server)", "failure(system)", "dismissed"])
        #expect(PasscodeMachine.definition().states.map(\.description) == ["entered(0)", "entered(1)", "entered(2)", "entered(3)", "complete"])
    }

    @Test("logIn with the guard unmet is rejected, naming the guard")
    func guardRejection() throws {
        var machine = try Machine(LoginMachine.definition)
        #expect(throws: TransitionError(state: LoginState.idle, event: LoginEvent.logIn, reason: .guardNotMet(["ID and password filled"]), permitted: [.edit, .logIn])) {
            try machine.send(.logIn, context: Credentials(id: "koher", password: ""))
        }
        #expect(machine.state == .idle)
    }
}

@Suite("Dense indices of the events")
struct DenseIndexTests {
    @Test("each event's dense index is its position in allCases")
    func positions() {
        #expect(LoginEvent.allCases.map(\.denseIndex) == Array(0..<LoginEvent.allCases.count))
        #expect(HomeEvent.Key.allCases.map(\.denseIndex) == Array(0..<HomeMachine.definition.events.count))
        #expect(LoginFailure.allCases.map(\.denseIndex) == Array(0..<4))
        #expect(HomeFailure.allCases.map(\.denseIndex) == Array(0..<4))
    }
}
