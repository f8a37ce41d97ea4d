// GIF: animated GIF89a written by us. Each frame gets its own 256-colour palette by median cut over a
// 15-bit colour histogram (each histogram cell maps to the box that holds it: no nearest-colour
// search); pixels are LZW-coded (variable code width 9…12 bits, a clear code when the table fills).
// Delays are whole centiseconds taken from cumulative times, so rounding never drifts; the NETSCAPE2.0
// extension makes it loop; a comment "Software=Segue" marks files Segue wrote. No dithering.

public enum GIF {
    /// The comment that marks a GIF Segue wrote (see OutputFile).
    public static let signature = "Software=Segue"

    /// Encodes `frames` (all one size), frame i shown for `delays[i]` seconds, looping forever.
    public static func encode(frames: [Bitmap], delays: [Double]) -> [UInt8] {
        precondition(!frames.isEmpty && frames.count == delays.count)
        let w = frames[0].width, h = frames[0].height
        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(w) + le16(h) + [0x00, 0, 0]  // no global colour table
        // NETSCAPE2.0: loop count 0 = forever.
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        let comment = Array(signature.utf8)
        out += [0x21, 0xFE, UInt8(comment.count)] + comment + [0]
        var elapsed = 0.0, shownCs = 0
        for (frame, delay) in zip(frames, delays) {
            elapsed += max(0, delay.isFinite ? delay : 0)
            let cs = max(2, Int((elapsed * 100).rounded()) - shownCs)  // viewers treat < 2 cs as 10
            shownCs += cs
            out += [0x21, 0xF9, 4, 0x04, UInt8(cs & 0xFF), UInt8((cs >> 8) & 0xFF), 0, 0]  // disposal: leave in place
            let (palette, indices) = quantize(frame)
            out += [0x2C] + le16(0) + le16(0) + le16(w) + le16(h) + [0x87]  // local table of 256 entries
            out += palette
            out.append(8)
            let data = lzw(indices, minCodeSize: 8)
            var i = 0
            while i < data.count {
                let n = min(255, data.count - i)
                out.append(UInt8(n))
                out += data[i..<i + n]
                i += n
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// Median cut: (768-byte palette, one index per pixel). Premultiplied pixels are shown over black.
    static func quantize(_ b: Bitmap) -> (palette: [UInt8], indices: [UInt8]) {
        let w = b.width, h = b.height
        var cells = [UInt16](repeating: 0, count: w * h)
        var histogram = [Int](repeating: 0, count: 32768)
        for y in 0..<h {
            let row = b.row(y)
            for x in 0..<w {
                let p = row[x]
                let c = Int((p >> 19) & 0x1F) << 10 | Int((p >> 11) & 0x1F) << 5 | Int((p >> 3) & 0x1F)  // r g b
                cells[y * w + x] = UInt16(c)
                histogram[c] += 1
            }
        }
        var boxes: [[Int]] = [histogram.indices.filter { histogram[$0] > 0 }]
        func channel(_ c: Int, _ k: Int) -> Int { (c >> (10 - 5 * k)) & 0x1F }
        // Each box's split score (channel range × pixels) and widest channel, computed once per box.
        func stats(_ box: [Int]) -> (score: Int, axis: Int) {
            guard box.count > 1 else { return (0, 0) }
            var lo = [31, 31, 31], hi = [0, 0, 0], n = 0
            for c in box {
                for k in 0..<3 { lo[k] = min(lo[k], channel(c, k)); hi[k] = max(hi[k], channel(c, k)) }
                n += histogram[c]
            }
            let ranges = (0..<3).map { hi[$0] - lo[$0] }
            let axis = ranges.firstIndex(of: ranges.max()!)!
            return (ranges[axis] * n, axis)
        }
        var scores = boxes.map(stats)
        while boxes.count < 256 {
            // Split the box with the largest score along its widest channel, at the median pixel.
            guard let best = scores.indices.max(by: { scores[$0].score < scores[$1].score }), scores[best].score > 0 else { break }
            let axis = scores[best].axis
            let sorted = boxes[best].sorted { channel($0, axis) < channel($1, axis) }
            let total = sorted.reduce(0) { $0 + histogram[$1] }
            var acc = 0, cut = 1
            for (i, c) in sorted.enumerated() {
                acc += histogram[c]
                if acc * 2 >= total { cut = min(max(1, i + 1), sorted.count - 1); break }
            }
            boxes[best] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            scores[best] = stats(boxes[best])
            scores.append(stats(boxes[boxes.count - 1]))
        }
        var palette = [UInt8](repeating: 0, count: 768)
        var map = [UInt8](repeating: 0, count: 32768)
        for (i, box) in boxes.enumerated() {
            var sum = [0, 0, 0], n = 0
            for c in box {
                let k = histogram[c]
                for ch in 0..<3 { sum[ch] += (channel(c, ch) * 255 / 31) * k }
                n += k
                map[c] = UInt8(i)
            }
            for ch in 0..<3 { palette[i * 3 + ch] = UInt8(n > 0 ? (sum[ch] + n / 2) / n : 0) }
        }
        return (palette, cells.map { map[Int($0)] })
    }

    /// GIF's LZW: LSB-first codes, widening from minCodeSize+1 bits up to 12, clear when full.
    static func lzw(_ symbols: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, end = clear + 1
        var out: [UInt8] = []
        out.reserveCapacity(symbols.count / 2)
        var bitBuffer: UInt32 = 0, bitCount = 0
        var width = minCodeSize + 1
        func emit(_ code: Int) {
            bitBuffer |= UInt32(code) << UInt32(bitCount)
            bitCount += width
            while bitCount >= 8 { out.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
        }
        // Table: (prefix code << 8 | byte) → code, open addressing.
        let tableSize = 8192
        var keys = [Int32](repeating: -1, count: tableSize), values = [Int16](repeating: 0, count: tableSize)
        var next = end + 1
        emit(clear)
        guard var prefix = symbols.first.map(Int.init) else { emit(end); if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }; return out }
        for s in symbols.dropFirst() {
            let key = Int32(prefix << 8 | Int(s))
            var slot = Int((UInt32(bitPattern: key) &* 2654435761) >> 19) & (tableSize - 1)
            var found = -1
            while keys[slot] != -1 {
                if keys[slot] == key { found = Int(values[slot]); break }
                slot = (slot + 1) & (tableSize - 1)
            }
            if found >= 0 { prefix = found; continue }
            emit(prefix)
            if next < 4096 {
                keys[slot] = key
                values[slot] = Int16(next)
                next += 1
                // The decoder widens after adding the code one past the current width's reach.
                if next > (1 << width) && width < 12 { width += 1 }
            } else {
                emit(clear)
                keys = [Int32](repeating: -1, count: tableSize)
                next = end + 1
                width = minCodeSize + 1
            }
            prefix = Int(s)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }
}
