import FSM
import Testing

@Suite("GuardNames: interned lists of names")
struct GuardNamesTests {
    @Test("equal lists are equal values and read back their names; different lists differ")
    func interning() {
        let a = GuardNames(["has key", "door shut"])
        let b = GuardNames(["has key", "door shut"])
        let c = GuardNames(["door shut", "has key"])
        #expect(a == b)
        #expect(a != c)
        #expect(a.names == ["has key", "door shut"])
        #expect(c.names == ["door shut", "has key"])
        #expect(GuardNames([]).names.isEmpty)
    }

    // Run under ThreadSanitizer in CI: the intern table's lock must be visible to it.
    @Test("interned from many tasks at once: each list gets one value, and every name reads back")
    func concurrentInterning() async {
        let lists = (0..<64).map { index in ["guard \(index % 16)", "other \(index % 5)"] }
        let results = await withTaskGroup(of: (Int, GuardNames).self) { group in
            for _ in 0..<4 {
                for (index, list) in lists.enumerated() {
                    group.addTask { (index, GuardNames(list)) }
                }
            }
            var results: [(Int, GuardNames)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == lists.count * 4)
        for (index, names) in results {
            #expect(names.names == lists[index])
            #expect(names == GuardNames(lists[index]))
        }
    }
}
