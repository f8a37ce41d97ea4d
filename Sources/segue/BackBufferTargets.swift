// BackBufferTargets: one Bitmap per window buffer, the same object each time that buffer comes round,
// so the compositor can tell that a buffer still holds the frame it rendered there (a page curl then
// draws only what changed: drawing over the last frame). Buffers made anew (a resize) get new bitmaps.

import Segue
import SegueX11

struct BackBufferTargets {
    private var generation = -1
    private var bitmaps: [(pixels: UnsafeMutablePointer<UInt32>, bitmap: Bitmap)] = []

    /// The bitmap over `buffer`'s pixels.
    mutating func bitmap(for buffer: BackBuffer) -> Bitmap {
        if buffer.generation != generation { generation = buffer.generation; bitmaps.removeAll() }
        if let known = bitmaps.first(where: { $0.pixels == buffer.pixels }) { return known.bitmap }
        let bitmap = Bitmap(wrapping: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride)
        bitmaps.append((buffer.pixels, bitmap))
        return bitmap
    }
}
