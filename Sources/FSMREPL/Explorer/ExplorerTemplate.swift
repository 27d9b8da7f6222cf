/// The explorer page's fixed parts, edited as the files they are: `Page/explorer.html` (the
/// markup, which a browser opens as it is), `Page/explorer.css` and `Page/explorer.js`.
/// SwiftPM embeds them in this module when it builds (`.embedInCode` in Package.swift), so an
/// edit to a file changes the page `fsm explore` writes with no Swift to touch, and the page
/// needs nothing beside the binary.
///
/// The machine reaches the page only as JSON (`#fsm-model`, `#fsm-diagram`); the script shows
/// every name with `textContent` or as an attribute value, never as markup.
package enum ExplorerTemplate {
    /// The files as this module was built with them.
    package static let html = String(decoding: PackageResources.explorer_html, as: UTF8.self)
    package static let css = String(decoding: PackageResources.explorer_css, as: UTF8.self)
    package static let script = String(decoding: PackageResources.explorer_js, as: UTF8.self)

    /// The line of `explorer.html` that the style replaces, inline.
    package static let styleLink = "<link rel=\"stylesheet\" href=\"explorer.css\">\n"
    /// The line of `explorer.html` that the model, the diagram and the script replace, inline.
    package static let scriptLink = "<script src=\"explorer.js\"></script>\n"

    /// The page: `html` with `css` inline where it links the style, and where it links the
    /// script, the model and the diagram as JSON blocks followed by `script` inline. One file
    /// that a browser opens from disk with every request refused.
    package static func page(
        model: String, diagram: String, html: String = html, css: String = css, script: String = script
    ) throws(ExplorerError) -> String {
        guard let style = html.firstRange(of: styleLink), let code = html.firstRange(of: scriptLink),
              style.upperBound <= code.lowerBound else {
            throw ExplorerError(description: "explorer.html has no line \(styleLink.dropLast()) followed by a line \(scriptLink.dropLast())")
        }
        var page = String(html[..<style.lowerBound])
        page += "<style>\n" + css + "</style>\n"
        page += html[style.upperBound..<code.lowerBound]
        page += "<script type=\"application/json\" id=\"fsm-model\">" + model + "</script>\n"
        page += "<script type=\"application/json\" id=\"fsm-diagram\">" + diagram + "</script>\n"
        page += "<script>\n" + script + "</script>\n"
        page += html[code.upperBound...]
        return page
    }
}
