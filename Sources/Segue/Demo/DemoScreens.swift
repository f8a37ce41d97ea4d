// The built-in demo screens: the content every transition moves. Each looks like a screen of a real
// app (status bar, navigation bar, text, buttons, imagery, cards) and lays itself out from the size
// it is given, so it works at 640×400 and at 3840×2160 alike.

@MainActor
public enum DemoScreen {
    /// Names accepted by `view(named:size:)`, in display order.
    public static let names = ["inbox", "photos", "weather", "profile", "music"]

    /// A full-size view of the named screen, or nil for an unknown name.
    public static func view(named name: String, size: Size) -> View? {
        if let c = custom.first(where: { $0.name == name }) { return c.build(size) }
        let k = DemoKit(size: size)
        switch name {
        case "inbox": return inbox(k)
        case "photos": return photos(k)
        case "weather": return weather(k)
        case "profile": return profile(k)
        case "music": return music(k)
        default:
            // "views-N": a screen of N small views, for measuring how cost grows with view count.
            if name.hasPrefix("views-"), let n = Int(name.dropFirst(6)), (1...100_000).contains(n) { return manyViews(k, count: n) }
            return nil
        }
    }

    /// Where a run-time screen came from.
    public enum Origin: Sendable { case scene, image }
    /// Screens added at run time (a scene file's, screenshots), consulted before the built-in ones.
    private static var custom: [(name: String, origin: Origin, build: (Size) -> View)] = []

    /// Adds (or replaces) a run-time screen: one name, whatever builds it.
    public static func registerCustom(_ name: String, origin: Origin, build: @escaping (Size) -> View) {
        custom.removeAll { $0.name == name }
        custom.append((name, origin, build))
    }

    public static func removeCustomScreens(where predicate: ((name: String, origin: Origin)) -> Bool) {
        custom.removeAll { predicate(($0.name, $0.origin)) }
    }

    /// Registers a screenshot as a screen named by its path: an image filling the screen, aspect-fill.
    public static func registerImage(_ image: Image, named name: String) {
        registerCustom(name, origin: .image) { size in
            let v = ImageView(frame: Rect(origin: .zero, size: size))
            v.backgroundColor = .black
            v.image = image
            v.contentMode = .scaleAspectFill
            v.clipsToBounds = true
            return v
        }
    }

    /// Built-in screens get the demo's floating Back/Push/Dismiss pills; run-time ones (a user's own
    /// screens, whose buttons say what they do) do not.
    public static func wantsControls(_ name: String) -> Bool { !custom.contains { $0.name == name } }

    static func manyViews(_ k: DemoKit, count: Int) -> View {
        let v = root(k, .white)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let rows = (count + columns - 1) / columns
        let cw = k.size.width / Double(columns), ch = k.size.height / Double(rows)
        let palette: [Color] = [.systemBlue, .systemGreen, .systemOrange, .systemPink, .systemPurple, .systemTeal]
        for i in 0..<count {
            let cell = Rect(x: Double(i % columns) * cw, y: Double(i / columns) * ch, width: cw, height: ch).insetBy(dx: cw * 0.08, dy: ch * 0.08)
            v.addSubview(k.box(cell, color: palette[i % palette.count], radius: min(cell.width, cell.height) * 0.2))
        }
        return v
    }

    static func root(_ k: DemoKit, _ color: Color) -> View {
        let v = View(frame: Rect(origin: .zero, size: k.size))
        v.backgroundColor = color
        return v
    }

    static func inbox(_ k: DemoKit) -> View {
        let u = k.u, w = k.size.width
        let v = root(k, .white)
        k.statusBar(into: v)
        v.addSubview(k.button("Mailboxes", frame: Rect(x: 1.5 * u, y: 4.5 * u, width: 16 * u, height: 4 * u), size: 2.1, weight: .regular))
        v.addSubview(k.button("Edit", frame: Rect(x: w - 10 * u, y: 4.5 * u, width: 8 * u, height: 4 * u), size: 2.1, weight: .regular))
        v.addSubview(k.label("Inbox", x: 3 * u, y: 9 * u, width: w - 6 * u, size: 4.6, weight: .bold))
        let search = k.box(Rect(x: 3 * u, y: 16 * u, width: w - 6 * u, height: 4.6 * u), color: Color(hex: 0xEEEEF0), radius: 1.2 * u)
        search.addSubview(k.label("Search", x: 2.2 * u, y: 1.1 * u, width: 30 * u, size: 2.1, color: .systemGray))
        v.addSubview(search)
        let mails: [(String, String, String, String, Color)] = [
            ("Ana Lima", "9:24", "Design review moved to Thursday", "The deck is ready — I added the motion studies for the page curl.", .systemPink),
            ("Kenji Sato", "8:51", "Build 214 is green", "All transition tests pass on the new compositor; p99 looks great.", .systemIndigo),
            ("Maya Cohen", "Yesterday", "Photos from the offsite", "Here are the shots from the lake — the sunset ones came out well.", .systemOrange),
            ("Leo Martin", "Yesterday", "Lunch on Friday?", "There is a new ramen place around the corner, shall we try it?", .systemGreen),
            ("Priya Nair", "Tuesday", "Interactive pop feels right", "Dragging from the edge now follows the finger exactly. Ship it!", .systemTeal),
            ("Sam Okafor", "Monday", "Re: cube transition timing", "0.35 s with ease-in-out reads best on the big screen.", .systemPurple),
        ]
        var y = 23 * u
        let rowH = 11 * u
        for (i, m) in mails.enumerated() where y + rowH <= k.size.height - 6 * u {
            let d = 6.4 * u
            let avatar = k.box(Rect(x: 3 * u, y: y + 1.4 * u, width: d, height: d), color: m.4, radius: d / 2)
            let initials = String(m.0.split(separator: " ").compactMap(\.first))
            avatar.addSubview(k.label(initials, x: 0, y: d / 2 - 1.5 * u, width: d, size: 2.3, weight: .semibold, color: .white, align: .center))
            v.addSubview(avatar)
            let tx = 11.5 * u, tw = w - tx - 3 * u
            v.addSubview(k.label(m.0, x: tx, y: y + 1 * u, width: tw * 0.7, size: 2.2, weight: .semibold))
            v.addSubview(k.label(m.1, x: w - 23 * u, y: y + 1.2 * u, width: 20 * u, size: 1.8, color: .systemGray, align: .right))
            v.addSubview(k.label(m.2, x: tx, y: y + 4.1 * u, width: tw, size: 2.0))
            v.addSubview(k.label(m.3, x: tx, y: y + 6.8 * u, width: tw, size: 1.8, color: .systemGray))
            if i < mails.count - 1 { v.addSubview(k.separator(x: tx, y: y + rowH - 0.1 * u, width: w - tx)) }
            y += rowH
        }
        let bar = k.box(Rect(x: 0, y: k.size.height - 6 * u, width: w, height: 6 * u), color: Color(hex: 0xF7F7F8))
        bar.addSubview(k.separator(x: 0, y: 0, width: w))
        bar.addSubview(k.label("Updated Just Now", x: 0, y: 1.8 * u, width: w, size: 1.6, color: .secondaryLabel, align: .center))
        v.addSubview(bar)
        return v
    }

    static func photos(_ k: DemoKit) -> View {
        let u = k.u, w = k.size.width, h = k.size.height
        let v = root(k, .white)
        k.statusBar(into: v)
        v.addSubview(k.label("Library", x: 3 * u, y: 5 * u, width: w / 2, size: 4.6, weight: .bold))
        v.addSubview(k.button("Select", frame: Rect(x: w - 14 * u, y: 5.6 * u, width: 11 * u, height: 4 * u),
                              fill: Color(hex: 0xE9E9EE), titleColor: .systemBlue, size: 1.9))
        let top = 12.5 * u, bottom = h - 8 * u
        let gap = 0.5 * u
        let columns = max(3, Int((w / (22 * u)).rounded()))
        let side = (w - gap * Double(columns - 1)) / Double(columns)
        var i = 0
        var y = top
        while y < bottom {
            for c in 0..<columns {
                let x = Double(c) * (side + gap)
                let hgt = min(side, bottom - y)
                if hgt <= 0 { break }
                v.addSubview(k.art(Rect(x: x, y: y, width: side, height: hgt),
                                   k.photo(Size(width: side, height: side), seed: i * 7 + 3)))
                i += 1
            }
            y += side + gap
        }
        let tab = k.box(Rect(x: 0, y: h - 8 * u, width: w, height: 8 * u), color: Color(hex: 0xF9F9F9))
        tab.addSubview(k.separator(x: 0, y: 0, width: w))
        let tabs = ["Library", "For You", "Albums", "Search"]
        for (j, t) in tabs.enumerated() {
            let cw = w / Double(tabs.count)
            let c: Color = j == 0 ? .systemBlue : .systemGray
            tab.addSubview(k.box(Rect(x: cw * Double(j) + cw / 2 - 1.6 * u, y: 1.2 * u, width: 3.2 * u, height: 2.6 * u), color: c, radius: 0.6 * u))
            tab.addSubview(k.label(t, x: cw * Double(j), y: 4.3 * u, width: cw, size: 1.5, weight: .medium, color: c, align: .center))
        }
        v.addSubview(tab)
        return v
    }

    static func weather(_ k: DemoKit) -> View {
        let u = k.u, w = k.size.width, h = k.size.height
        let v = root(k, Color(hex: 0x2F6FD0))
        v.addSubview(k.art(Rect(origin: .zero, size: k.size),
                           k.gradient(k.size, [Color(hex: 0x4FA3F7), Color(hex: 0x2457C5), Color(hex: 0x1B2F7A)], from: Point(x: 0.3, y: 0), to: Point(x: 0.7, y: 1))))
        k.statusBar(into: v, dark: true)
        v.addSubview(k.label("Cupertino", x: 0, y: 7 * u, width: w, size: 4.2, color: .white, align: .center))
        v.addSubview(k.label("21°", x: 0, y: 12 * u, width: w, size: 13, weight: .regular, color: .white, align: .center))
        v.addSubview(k.label("Mostly Sunny", x: 0, y: 29 * u, width: w, size: 2.6, weight: .medium, color: .white, align: .center))
        v.addSubview(k.label("H:25°  L:14°", x: 0, y: 33 * u, width: w, size: 2.4, weight: .medium, color: .white, align: .center))
        let cw = min(w - 6 * u, 120 * u)
        let card = k.card(Rect(x: (w - cw) / 2, y: 40 * u, width: cw, height: 21 * u), color: Color(white: 1, alpha: 0.16), shadow: false)
        card.addSubview(k.label("Sunny conditions will continue all day. Wind gusts up to 15 km/h.", x: 2.5 * u, y: 1.5 * u,
                                width: cw - 5 * u, size: 1.8, color: .white))
        card.addSubview(k.separator(x: 2.5 * u, y: 5.2 * u, width: cw - 5 * u))
        let hours = [("Now", "21°"), ("10", "22°"), ("11", "23°"), ("12", "24°"), ("13", "25°"), ("14", "25°"), ("15", "24°")]
        let colW = (cw - 5 * u) / Double(hours.count)
        for (i, hr) in hours.enumerated() {
            let x = 2.5 * u + Double(i) * colW
            card.addSubview(k.label(hr.0, x: x, y: 6.6 * u, width: colW, size: 1.8, weight: .semibold, color: .white, align: .center))
            card.addSubview(k.box(Rect(x: x + colW / 2 - 1.5 * u, y: 10.2 * u, width: 3 * u, height: 3 * u), color: .systemYellow, radius: 1.5 * u))
            card.addSubview(k.label(hr.1, x: x, y: 15 * u, width: colW, size: 2.1, weight: .semibold, color: .white, align: .center))
        }
        v.addSubview(card)
        let days = [("Today", 14, 25), ("Tue", 13, 23), ("Wed", 12, 21), ("Thu", 15, 26), ("Fri", 16, 27), ("Sat", 14, 24)]
        let card2 = k.card(Rect(x: (w - cw) / 2, y: 63 * u, width: cw, height: max(8 * u, h - 65 * u)), color: Color(white: 1, alpha: 0.16), shadow: false)
        for (i, d) in days.enumerated() where 2 * u + Double(i + 1) * 6.4 * u < card2.bounds.height {
            let y = 1.6 * u + Double(i) * 6.4 * u
            card2.addSubview(k.label(d.0, x: 2.5 * u, y: y, width: 14 * u, size: 2.1, weight: .semibold, color: .white))
            card2.addSubview(k.label("\(d.1)°", x: cw * 0.35, y: y, width: 8 * u, size: 2.1, color: Color(white: 1, alpha: 0.6), align: .right))
            let track = k.box(Rect(x: cw * 0.35 + 10 * u, y: y + 1.3 * u, width: cw * 0.4, height: 0.7 * u), color: Color(white: 0, alpha: 0.18), radius: 0.35 * u)
            let lo = Double(d.1 - 10) / 20, hi = Double(d.2 - 10) / 20
            let fill = k.art(Rect(x: track.bounds.width * lo, y: 0, width: track.bounds.width * (hi - lo), height: 0.7 * u),
                             k.gradient(Size(width: 64, height: 4), [Color(hex: 0x8FE3C8), Color(hex: 0xFFD54F), Color(hex: 0xFF9F43)], from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5)),
                             radius: 0.35 * u)
            track.addSubview(fill)
            card2.addSubview(track)
            card2.addSubview(k.label("\(d.2)°", x: cw - 10 * u, y: y, width: 7.5 * u, size: 2.1, weight: .semibold, color: .white, align: .right))
        }
        v.addSubview(card2)
        return v
    }

    static func profile(_ k: DemoKit) -> View {
        let u = k.u, w = k.size.width, h = k.size.height
        let v = root(k, Color(hex: 0xF2F2F7))
        let headerH = 30 * u
        v.addSubview(k.art(Rect(x: 0, y: 0, width: w, height: headerH),
                           k.gradient(Size(width: w, height: headerH), [Color(hex: 0xFF6A88), Color(hex: 0xFF9A5A), Color(hex: 0xFFC46B)], from: Point(x: 0, y: 0.3), to: Point(x: 1, y: 0.7))))
        k.statusBar(into: v, dark: true)
        let d = 18 * u
        let avatar = k.art(Rect(x: 5 * u, y: headerH - d / 2, width: d, height: d), k.photo(Size(width: d, height: d), seed: 4), radius: d / 2)
        avatar.layer.borderWidth = 0.8 * u
        avatar.layer.borderColor = .white
        v.addSubview(avatar)
        v.addSubview(k.label("Ana Lima", x: 26 * u, y: headerH + 1.5 * u, width: w / 2, size: 3.6, weight: .bold))
        v.addSubview(k.label("@analima · Motion designer, Lisbon", x: 26 * u, y: headerH + 6.5 * u, width: w - 30 * u, size: 2.0, color: .systemGray))
        let bw = 16 * u
        v.addSubview(k.button("Follow", frame: Rect(x: w - 2 * bw - 7 * u, y: headerH + 2 * u, width: bw, height: 5 * u), fill: .systemBlue, titleColor: .white, size: 2.0))
        v.addSubview(k.button("Message", frame: Rect(x: w - bw - 4 * u, y: headerH + 2 * u, width: bw, height: 5 * u), fill: Color(hex: 0xE3E3E8), titleColor: .label, size: 2.0))
        let stats = [("248", "Posts"), ("12.4k", "Followers"), ("318", "Following")]
        let sw = (w - 8 * u) / 3
        for (i, s) in stats.enumerated() {
            let card = k.card(Rect(x: 4 * u + Double(i) * sw + 0.8 * u, y: headerH + 12 * u, width: sw - 1.6 * u, height: 10 * u))
            card.addSubview(k.label(s.0, x: 0, y: 1.4 * u, width: sw - 1.6 * u, size: 3.2, weight: .bold, align: .center))
            card.addSubview(k.label(s.1, x: 0, y: 5.8 * u, width: sw - 1.6 * u, size: 1.8, color: .systemGray, align: .center))
            v.addSubview(card)
        }
        let gy = headerH + 25 * u
        let n = max(3, Int(w / (30 * u)))
        let gw = (w - 8 * u - Double(n - 1) * 1.6 * u) / Double(n)
        for i in 0..<n where gy < h - 4 * u {
            let card = k.card(Rect(x: 4 * u + Double(i) * (gw + 1.6 * u), y: gy, width: gw, height: h - gy - 3 * u), radius: 2 * u)
            card.clipsToBounds = true
            card.addSubview(k.art(Rect(x: 0, y: 0, width: gw, height: card.bounds.height), k.photo(Size(width: gw, height: card.bounds.height), seed: 20 + i)))
            v.addSubview(card)
        }
        return v
    }

    static func music(_ k: DemoKit) -> View {
        let u = k.u, w = k.size.width, h = k.size.height
        let v = root(k, Color(hex: 0x1C1C1E))
        v.addSubview(k.art(Rect(origin: .zero, size: k.size),
                           k.gradient(Size(width: w / 4, height: h / 4), [Color(hex: 0x3A1C71), Color(hex: 0x1C1C1E), Color(hex: 0x0B0B0C)])))
        k.statusBar(into: v, dark: true)
        v.addSubview(k.box(Rect(x: w / 2 - 4 * u, y: 5 * u, width: 8 * u, height: 0.7 * u), color: Color(white: 1, alpha: 0.35), radius: 0.35 * u))
        let art = min(h - 22 * u, w * 0.42)
        let artX = w * 0.07
        let cover = k.card(Rect(x: artX, y: (h - art) / 2 + 2 * u, width: art, height: art), color: .black, radius: 2.4 * u)
        cover.layer.shadowOpacity = 0.5
        cover.layer.shadowRadius = 4 * u
        cover.clipsToBounds = false
        let img = k.art(Rect(x: 0, y: 0, width: art, height: art),
                        k.gradient(Size(width: art, height: art), [Color(hex: 0xDA22FF), Color(hex: 0x9733EE), Color(hex: 0x1D2B64)]),
                        radius: 2.4 * u)
        img.addSubview(k.label("NIGHT\nDRIVE", x: 3 * u, y: art - 17 * u, width: art - 6 * u, size: 6, weight: .bold, color: .white, lines: 2))
        cover.addSubview(img)
        v.addSubview(cover)
        let tx = artX + art + 7 * u, tw = w - tx - 6 * u
        v.addSubview(k.label("Midnight Segue", x: tx, y: h * 0.3, width: tw, size: 4, weight: .bold, color: .white))
        v.addSubview(k.label("The Interpolators — Night Drive", x: tx, y: h * 0.3 + 6 * u, width: tw, size: 2.4, color: Color(white: 1, alpha: 0.6)))
        let track = k.box(Rect(x: tx, y: h * 0.5, width: tw, height: 0.8 * u), color: Color(white: 1, alpha: 0.2), radius: 0.4 * u)
        track.addSubview(k.box(Rect(x: 0, y: 0, width: tw * 0.38, height: 0.8 * u), color: Color(white: 1, alpha: 0.85), radius: 0.4 * u))
        v.addSubview(track)
        v.addSubview(k.label("1:24", x: tx, y: h * 0.5 + 1.8 * u, width: 10 * u, size: 1.7, color: Color(white: 1, alpha: 0.5)))
        v.addSubview(k.label("-2:11", x: tx + tw - 10 * u, y: h * 0.5 + 1.8 * u, width: 10 * u, size: 1.7, color: Color(white: 1, alpha: 0.5), align: .right))
        let controls = ["◀◀", "▶", "▶▶"]
        for (i, c) in controls.enumerated() {
            let cx = tx + tw * (0.2 + 0.3 * Double(i))
            v.addSubview(k.label(c, x: cx - 6 * u, y: h * 0.6, width: 12 * u, size: i == 1 ? 6 : 3.6, color: .white, align: .center))
        }
        return v
    }
}
