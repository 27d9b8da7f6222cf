import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing
import TestSupport


@Suite("A parent's lines drawn from the parent, judged on Graphviz's layout")
struct ParentLinesDrawnTests {
    @Test("the USB device: its parents' lines to their own states start inside the parent, away from every child; each state's line on its state",
          .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func usb() throws {
        let graphviz = try #require(Graphviz.find())
        #expect(usbDevice.validate().filter { $0.severity == .error }.isEmpty)
        let (problems, judged) = try EdgeGeometry.misdrawn(usbDevice, graphviz: graphviz)
        #expect(problems == [])
        // powerOn, busReset, powerInterruption, powerOff, suspend, refresh, after 3 s,
        // address, configure, deconfigure, busActivity: every line is judged.
        #expect(judged == 11)
    }

    @Test("the DOT text: a line to a state inside its parent leaves from the parent's point, in the parent's first rank; a line out of it from its border, up from its point, down from its last state")
    func dotText() {
        let dot = usbDevice.dot()
        // Powered's point, ranked before Awake's (what is drawn directly in Powered there).
        #expect(dot.contains("p0i [shape=point, width=0.06, height=0.06, label=\"\", color=\"gray25\"];\n"))
        #expect(dot.contains("p0i -> p1i [style=invis];"))
        // Two lines between the same points: each label spaced from the other line.
        #expect(dot.contains("p0i -> s1 [label=\" busReset \\n / resetDevice \"];"))
        #expect(dot.contains("p0i -> s1 [label=\" powerInterruption \"];"))
        #expect(dot.contains("p1i -> p1h [label=\"refresh\"];"))
        // Lines that leave the parent keep the border (ltail): up to Attached from Powered's
        // point, down to Suspended from Awake's last state, Configured.
        #expect(dot.contains("s0 -> p0i [label=\" powerOff \", lhead=cluster_p0, dir=back];"))
        #expect(dot.contains("s3 -> s4 [label=\" suspend \", ltail=cluster_p1];"))
        // No line of a parent is drawn as a child's loop.
        #expect(!dot.contains("s1 -> s1"))
    }

    @Test("a parent's point is ranked with what no line from inside the parent reaches: a line from a parallel child's region comes from inside; a loop reaches nothing; with nothing to rank with, before the initial state")
    func pointRanks() throws {
        // (Found by a reviewer: a region's states were not known to be inside `outer`, so Z,
        // reached only by `both`'s join, was ranked with outer's point and its initial state,
        // A, and Graphviz broke the cycle by drawing A and Z side by side at the bottom.)
        let parallelChild = try SCXMLImport.machine(text: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="start">
              <state id="start"><transition event="go" target="outer"/></state>
              <state id="outer">
                <transition event="quit" target="start"/>
                <state id="A"><transition event="split" target="both"/></state>
                <parallel id="both">
                  <transition event="join" target="Z"/>
                  <state id="r1"><state id="x1"><transition event="t1" target="y1"/></state><state id="y1"/></state>
                  <state id="r2"><state id="x2"><transition event="t2" target="y2"/></state><state id="y2"/></state>
                </parallel>
                <state id="Z"><transition event="zz" target="W"/></state>
                <state id="W"/>
              </state>
            </scxml>
            """, file: "outer.scxml").dot(DiagramOptions(direction: .topToBottom))
        #expect(parallelChild.contains("    { rank=same; p0i; s1; }\n"), "\(parallelChild)")
        // A first state that loops on itself is still ranked with the point.
        let loop = try SCXMLImport.machine(text: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0">
              <state id="s0"><transition event="next" target="s1"/><transition event="jump" target="P"/></state>
              <state id="s1"><transition event="next" target="P"/></state>
              <state id="P">
                <state id="A"><transition event="tick" target="A"/><transition event="ab" target="B"/></state>
                <state id="B"/>
              </state>
            </scxml>
            """, file: "loop.scxml").dot(DiagramOptions(direction: .topToBottom))
        #expect(loop.contains("    { rank=same; p0i; s2; }\n"), "\(loop)")
    }

    @Test("every machine of the tool's tests (parents, history, timers, eventless lines, regions, hostile names) draws each line from where it is declared",
          .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func everyMachine() throws {
        let graphviz = try #require(Graphviz.find())
        let (problems, judged) = try EdgeGeometry.misdrawn(
            usbDevice, elevatorCar, scxmlNested, scxmlParallel, scxmlTimed, scxmlHistory, scxmlEventless, regionWithParent,
            trickyMachine, trickyNested, trickyParallel, MermaidJudgeTests.namesMachine(holding: mermaidNames[...]), explorerLab, turnstile, lamp, graphviz: graphviz
        )
        #expect(problems == [])
        #expect(judged > 60, "only \(judged) lines judged")
    }

    @Test("real Mermaid draws every line of the machines with parents, histories or regions, each from the state the text names; a parent's line to its own state from the parent's point, not as an empty path",
          .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func mermaid() throws {
        // The machines with parents, histories or regions (Mermaid takes about 5 s a drawing
        // here; the others' drawings are judged by the other Mermaid suites).
        let machines: [any MachineDescribing] = [usbDevice, elevatorCar, scxmlNested, scxmlParallel, scxmlHistory, scxmlEventless, regionWithParent, trickyNested]
        let (problems, judged) = try MermaidEdgeGeometry.misdrawn(machines)
        #expect(problems == [])
        #expect(judged > 40, "only \(judged) lines judged")
        let usb = usbDevice.mermaid()
        #expect(usb.contains("    state \"·\" as p0i\n"))
        #expect(usb.contains("  p0i --> s1 : busReset<br>/ resetDevice\n"))
        #expect(usb.contains("  p1i --> p1h : refresh\n"))
        #expect(usb.contains("  p0 --> s0 : powerOff\n"), "a line out of the parent still leaves its border")
        #expect(usb.contains("  class p0i,p1i parentPoint\n"))
    }
}
