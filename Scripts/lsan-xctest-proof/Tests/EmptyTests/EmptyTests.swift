import Testing
@Test func nothing() { #expect(1 + 1 == 2) }
