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

    /// The root element of a document.
    package static func parse(_ text: String) throws(XMLError) -> XMLElement {
        var reader = Reader(bytes: Array(text.utf8))
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

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        func fail(_ message: String) -> XMLError { XMLError(line: line, message: message) }

        func peek(_ s: String) -> Bool { bytes[i...].starts(with: Array(s.utf8)) }

        mutating func advance(_ n: Int = 1) {
            for _ in 0..<n where i < bytes.count {
                // A line ends with LF, CRLF or a lone CR.
                if bytes[i] == UInt8(ascii: "\n") || (bytes[i] == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) { line += 1 }
                i += 1
            }
        }

        mutating func skip(until end: String, what: String) throws(XMLError) {
            let start = line
            while i < bytes.count && !peek(end) { advance() }
            guard i < bytes.count else { throw XMLError(line: start, message: "\(what) is not closed with \(quoting: end)") }
            advance(end.utf8.count)
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() }
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
            while i < bytes.count, !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(bytes[i])) { advance() }
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
