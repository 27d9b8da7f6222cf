/// A small XML reader for SCXML documents: elements, attributes, namespaces, comments,
/// processing instructions and CDATA, with the line of every element for error messages.
/// Text between elements is kept only to say where it is not allowed. A `<!DOCTYPE>` is
/// refused (its entities could expand without bound), and so is any entity but XML's five
/// and character references.
package struct XMLElement {
    package struct Attribute {
        package let name: String
        package let namespace: String
        package let value: String
    }

    /// The element's local name (`state` for `<sc:state>`).
    package let name: String
    /// Its namespace URI (empty when none).
    package let namespace: String
    package let attributes: [Attribute]
    package var children: [XMLElement]
    /// Non-blank text directly inside the element, if any.
    package var text: String
    /// The line of its start tag, from 1.
    package let line: Int

    /// The value of an attribute without a namespace, or in `namespace`.
    package func attribute(_ name: String, namespace: String = "") -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }
}

/// Why a document cannot be read, with the line where it went wrong.
package struct XMLError: Error, CustomStringConvertible {
    package let line: Int
    package let message: String
    package var description: String { "line \(line): \(message)" }
}

package enum XMLTree {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The most elements a document may have: 500,000 (a machine of some 200,000 states with
    /// their transitions). A larger one is refused when its element past the limit is read,
    /// not after minutes of building a machine nobody can read (see "Limits" in the README).
    package static let maximumElements = 500_000

    /// The most bytes one attribute value may have: 1 MiB. A name, a condition or a label of
    /// megabytes is refused at once, with its size.
    package static let maximumAttributeBytes = 1 << 20

    /// The root element of a document.
    /// - Parameter elementLimit: The most elements it may have (``maximumElements``; smaller
    ///   in tests of the limit).
    package static func parse(_ text: String, elementLimit: Int = maximumElements) throws(XMLError) -> XMLElement {
        var reader = Reader(bytes: Array(text.utf8), elementLimit: elementLimit)
        return try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        /// Namespace bindings in scope, innermost last (prefix "" is the default namespace).
        var scopes: [[String: String]] = [["xml": XMLTree.xmlNamespace]]
        /// Elements open around the one being read: a document nested deeper than
        /// ``maximumDepth`` is refused rather than read with a stack that could overflow.
        var depth = 0
        static let maximumDepth = 200
        /// Elements read so far, and the most it may read (see ``XMLTree/maximumElements``).
        var elements = 0
        let elementLimit: Int

        init(bytes: [UInt8], elementLimit: Int) {
            self.bytes = bytes
            self.elementLimit = elementLimit
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        func fail(_ message: String) -> XMLError { XMLError(line: line, message: message) }

        /// Whether the bytes at the reader's position are `s`'s (compared in place: this is asked
        /// at almost every byte of a document, so it allocates nothing).
        func peek(_ s: StaticString) -> Bool {
            let count = s.utf8CodeUnitCount
            guard count <= bytes.count - i else { return false }
            return s.withUTF8Buffer { literal in
                for k in 0..<count where bytes[i + k] != literal[k] { return false }
                return true
            }
        }

        mutating func advance(_ n: Int = 1) {
            for _ in 0..<n where i < bytes.count {
                // A line ends with LF, CRLF or a lone CR.
                if bytes[i] == UInt8(ascii: "\n") || (bytes[i] == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) { line += 1 }
                i += 1
            }
        }

        mutating func skip(until end: StaticString, what: String) throws(XMLError) {
            let start = line
            while i < bytes.count && !peek(end) { advance() }
            guard i < bytes.count else { throw XMLError(line: start, message: "\(what) is not closed with \(quoting: "\(end)")") }
            advance(end.utf8CodeUnitCount)
        }

        /// XML's white space (a switch: a literal array here was made at every byte).
        static func isSpace(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: true
            default: false
            }
        }

        /// Whether a byte ends a name: white space, `/`, `>`, `=` or `<`.
        static func endsName(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"): true
            default: false
            }
        }

        mutating func skipSpace() {
            while i < bytes.count, Self.isSpace(bytes[i]) { advance() }
        }

        /// Comments, processing instructions and white space between elements.
        mutating func skipMisc() throws(XMLError) {
            while true {
                skipSpace()
                if peek("<!--") { try skip(until: "-->", what: "a comment") } else if peek("<?") { try skip(until: "?>", what: "a processing instruction") } else { return }
            }
        }

        mutating func document() throws(XMLError) -> XMLElement {
            try skipMisc()
            if peek("<!DOCTYPE") || peek("<!doctype") { throw fail("a <!DOCTYPE> is not read (its entities could expand without bound)") }
            guard peek("<") else { throw fail(i < bytes.count ? "expected an element, found text" : "the document is empty") }
            let root = try element()
            try skipMisc()
            guard i >= bytes.count else { throw fail(peek("<") ? "an element after the root element (a document has one root)" : "text after the root element") }
            return root
        }

        mutating func name() throws(XMLError) -> String {
            let start = i
            while i < bytes.count, !Self.endsName(bytes[i]) { advance() }
            guard i > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        func resolve(_ qualified: String, isAttribute: Bool) throws(XMLError) -> (local: String, namespace: String) {
            let parts = qualified.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts.count == 1 {
                return (qualified, isAttribute ? "" : scopes.reversed().lazy.compactMap { $0[""] }.first ?? "")
            }
            for scope in scopes.reversed() {
                if let uri = scope[parts[0]] { return (parts[1], uri) }
            }
            throw fail("the prefix \(quoting: parts[0]) of \(quoting: qualified) is not declared")
        }

        mutating func element() throws(XMLError) -> XMLElement {
            let startLine = line
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw fail("elements nested more than \(Self.maximumDepth) deep") }
            elements += 1
            guard elements <= elementLimit else {
                throw fail("more than \(elementLimit) elements: this tool reads documents of at most \(elementLimit) (see Limits in the README)")
            }
            advance() // <
            let qualified = try name()
            var raw: [(String, String)] = []
            var seen: Set<String> = []
            while true {
                skipSpace()
                guard i < bytes.count else { throw XMLError(line: startLine, message: "the tag <\(qualified)> is not closed") }
                if peek("/>") || peek(">") { break }
                let attributeName = try name()
                skipSpace()
                guard peek("=") else { throw fail("the attribute \(quoting: attributeName) has no value") }
                advance()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { throw fail("the value of \(quoting: attributeName) is not quoted") }
                let quote = bytes[i]
                let valueLine = line
                advance()
                let start = i
                while i < bytes.count && bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw XMLError(line: valueLine, message: "'<' in the value of \(quoting: attributeName) (is its quote closed?)") }
                    advance()
                }
                guard i < bytes.count else { throw XMLError(line: valueLine, message: "the value of \(quoting: attributeName) is not closed") }
                guard i - start <= XMLTree.maximumAttributeBytes else {
                    throw XMLError(line: valueLine, message: "the value of \(quoting: attributeName) is \(i - start) bytes: this tool reads attributes of at most \(XMLTree.maximumAttributeBytes) bytes (see Limits in the README)")
                }
                let value = try decode(bytes[start..<i], normalizing: true)
                advance()
                if !seen.insert(attributeName).inserted { throw fail("the attribute \(quoting: attributeName) appears twice") }
                raw.append((attributeName, value))
            }
            var scope: [String: String] = [:]
            for (key, value) in raw {
                if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            }
            scopes.append(scope)
            defer { scopes.removeLast() }
            let (local, namespace) = try resolve(qualified, isAttribute: false)
            var attributes: [XMLElement.Attribute] = []
            for (key, value) in raw where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let (attributeLocal, attributeNamespace) = try resolve(key, isAttribute: true)
                attributes.append(.init(name: attributeLocal, namespace: attributeNamespace, value: value))
            }
            var result = XMLElement(name: local, namespace: namespace, attributes: attributes, children: [], text: "", line: startLine)
            if peek("/>") {
                advance(2)
                return result
            }
            advance() // >
            var text: [UInt8] = []
            while true {
                guard i < bytes.count else { throw XMLError(line: startLine, message: "<\(qualified)> is not closed") }
                if peek("</") {
                    advance(2)
                    let closing = try name()
                    skipSpace()
                    guard closing == qualified, peek(">") else { throw fail("</\(closing)> closes <\(qualified)> of line \(startLine)") }
                    advance()
                    break
                } else if peek("<!--") {
                    try skip(until: "-->", what: "a comment")
                } else if peek("<![CDATA[") {
                    advance(9)
                    let start = i
                    try skip(until: "]]>", what: "a CDATA section")
                    text += bytes[start..<(i - 3)]
                } else if peek("<?") {
                    try skip(until: "?>", what: "a processing instruction")
                } else if peek("<!") {
                    throw fail("a declaration inside an element")
                } else if peek("<") {
                    result.children.append(try element())
                } else {
                    let start = i
                    while i < bytes.count && bytes[i] != UInt8(ascii: "<") { advance() }
                    text += Array(try decode(bytes[start..<i], normalizing: false).utf8)
                }
            }
            let trimmed = String(decoding: text, as: UTF8.self).trimmingXMLSpace
            result.text = trimmed
            return result
        }

        /// Text with its references replaced; in an attribute value, tabs and line breaks
        /// written as themselves become spaces (XML's normalisation).
        func decode(_ slice: ArraySlice<UInt8>, normalizing: Bool) throws(XMLError) -> String {
            var out: [UInt8] = []
            var j = slice.startIndex
            while j < slice.endIndex {
                let byte = slice[j]
                if byte == UInt8(ascii: "&") {
                    guard let semicolon = slice[j...].firstIndex(of: UInt8(ascii: ";")), semicolon - j <= 12 else { throw fail("an '&' that starts no reference") }
                    let reference = String(decoding: slice[(j + 1)..<semicolon], as: UTF8.self)
                    switch reference {
                    case "lt": out.append(UInt8(ascii: "<"))
                    case "gt": out.append(UInt8(ascii: ">"))
                    case "amp": out.append(UInt8(ascii: "&"))
                    case "quot": out.append(UInt8(ascii: "\""))
                    case "apos": out.append(UInt8(ascii: "'"))
                    default:
                        let number: UInt32?
                        if reference.hasPrefix("#x") { number = UInt32(reference.dropFirst(2), radix: 16) } else if reference.hasPrefix("#") { number = UInt32(reference.dropFirst()) } else { number = nil }
                        guard let number, let scalar = Unicode.Scalar(number), number != 0 else { throw fail("the entity '&\(reference);' is not one of XML's") }
                        out += Array(String(Character(scalar)).utf8)
                    }
                    j = semicolon + 1
                    continue
                }
                if normalizing && (byte == 0x09 || byte == 0x0A || byte == 0x0D) { out.append(0x20) } else { out.append(byte) }
                j += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension String {
    /// The string without white space at either end.
    var trimmingXMLSpace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
