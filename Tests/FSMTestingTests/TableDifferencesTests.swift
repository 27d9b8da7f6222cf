import FSM
import FSMTesting
import Testing

let correctRows: [Row] = [
    Row(.red, .next, .to(.green, emitting: "go")),
    Row(.red, .fail, .to(.off)),
    Row(.red, .repair, .illegal),
    Row(.green, .next, .oneOf([.to(.yellow, guard: "at night"), .to(.red)])),
    Row(.green, .fail, .to(.off)),
    Row(.green, .repair, .illegal),
    Row(.yellow, .next, .to(.red)),
    Row(.yellow, .fail, .to(.off)),
    Row(.yellow, .repair, .ignored),
    Row(.off, .next, .illegal),
    Row(.off, .fail, .illegal),
    Row(.off, .repair, .illegal),
]

@Suite("Table assertions")
struct TableDifferencesTests {
    @Test("a correct table has no differences and records nothing")
    func correct() {
        #expect(trafficLight.tableDifferences(correctRows) == [])
        #expect(expectTable(trafficLight, correctRows) == [])
    }

    @Test("a wrong table names every wrong cell and every forgotten one")
    func wrong() {
        var rows = correctRows
        rows[0] = Row(.red, .next, .to(.green, emitting: "stop"))   // wrong effect
        rows[2] = Row(.red, .repair, .ignored)                      // wrong kind
        rows.remove(at: 8)                                          // forgotten: yellow + repair
        rows.append(Row(.red, .fail, .to(.off)))                    // given twice
        #expect(trafficLight.tableDifferences(rows) == [
            "red + next: expected green / stop, actual green / go",
            "red + repair: expected ignored, actual illegal",
            "red + fail: the expected table gives this cell more than once",
            "yellow + repair: missing from the expected table (actual: ignored)",
        ])
    }

    @Test("guards, targets and alternatives are all compared")
    func guardsAndAlternatives() {
        var rows = correctRows
        rows[3] = Row(.green, .next, .to(.yellow, guard: "at night"))
        rows[6] = Row(.yellow, .next, .to(.green))
        #expect(trafficLight.tableDifferences(rows) == [
            "green + next: expected yellow [at night] / no effects, actual one of [yellow [at night] / no effects; red / no effects]",
            "yellow + next: expected green / no effects, actual red / no effects",
        ])
    }

    @Test("a cell that resumes a history matches .resuming only, with its history, default, guard and effects")
    func history() {
        let radio = MachineDefinition<String, String, String, Void>(name: "radio", initial: "off", events: ["power", "tune"]) {
            In("off") { On("power", to: "fm", resuming: .shallow("on"), emit: "warm") }
            Parent("on") { On("power", to: "off") } children: {
                In("fm") { On("tune", to: "news") }
                In("news") { On("tune", to: "fm") }
            }
        }
        typealias Line = ExpectedRow<String, String, String>
        let rest: [Line] = [
            Line("off", "tune", .illegal), Line("fm", "power", .to("off")), Line("fm", "tune", .to("news")),
            Line("news", "power", .to("off")), Line("news", "tune", .to("fm")),
        ]
        #expect(radio.tableDifferences([Line("off", "power", .resuming(.shallow("on"), default: "fm", emitting: "warm"))] + rest) == [])
        #expect(radio.tableDifferences([Line("off", "power", .to("fm", emitting: "warm"))] + rest) == [
            "off + power: expected fm / warm, actual history(on), default fm / warm",
        ])
        #expect(radio.tableDifferences([Line("off", "power", .resuming(.deep("on"), default: "fm", emitting: "warm"))] + rest) == [
            "off + power: expected deep history(on), default fm / warm, actual history(on), default fm / warm",
        ])
    }

    @Test("an internal transition's guard and effects are compared, not only that it is internal")
    func internalTransitionEffects() {
        let editor = MachineDefinition<String, String, String, Void>(name: "editor", initial: "editing", events: ["type", "save"]) {
            In("editing") {
                Internal("type", emit: "mark dirty", "redraw")
                On("save", to: "saved")
            }
            Final("saved")
        }
        let rows = { (typed: ExpectedCell<String, String>) -> [ExpectedRow<String, String, String>] in
            [ExpectedRow("editing", "type", typed), ExpectedRow("editing", "save", .to("saved")),
             ExpectedRow("saved", "type", .illegal), ExpectedRow("saved", "save", .illegal)]
        }
        #expect(editor.tableDifferences(rows(.internal(emitting: "mark dirty", "redraw"))) == [])
        #expect(editor.tableDifferences(rows(.internal(emitting: "redraw"))) == [
            "editing + type: expected (internal) / redraw, actual (internal) / mark dirty, redraw",
        ])
        #expect(editor.tableDifferences(rows(.internal(guard: "unsaved", emitting: "mark dirty", "redraw"))).count == 1)
        #expect(editor.tableDifferences(rows(.to("editing", emitting: "mark dirty", "redraw"))).count == 1)
    }

    @Test("expectTable records one issue with the whole diff")
    func recordsIssue() {
        withKnownIssue {
            expectTable(trafficLight, Array(correctRows.dropLast()))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("off + repair: missing from the expected table (actual: illegal)")
        }
    }

    @Test("expectCell checks one cell", arguments: correctRows)
    func cell(row: Row) {
        expectCell(trafficLight, row)
    }

    @Test("expectCell fails on a wrong cell")
    func cellFails() {
        withKnownIssue {
            expectCell(trafficLight, Row(.off, .next, .ignored))
        }
    }
}
