// X11Window+Present: double-buffered presentation. The caller renders into the buffer the server
// is not reading; `present()` puts it (XShmPutImage with send_event, or XPutImage) and swaps. A
// shared buffer stays busy until its ShmCompletion arrives — the mpv pattern — so a frame never
// tears the one still being copied, and a slow server paces the caller instead of queueing frames.
// Buffers follow the window size: after a resize the next `backBuffer()` has the new size.

import CX11
#if canImport(Glibc)
import Glibc
#endif

extension X11Window {
    /// The buffer to render the next frame into, `width`×`height` of the window now. Blocks only
    /// while the server still reads it from the frame before last.
    public func backBuffer() -> BackBuffer {
        precondition(!isClosed, "backBuffer() after close()")
        if buffers.first.map({ $0.width != width || $0.height != height }) ?? true {
            makeBuffers()
        }
        let index = acquired ?? ((front ?? 1) + 1) % 2
        acquired = index
        if index == front { frontIntact = false }
        waitUntilFree(index)
        let buffer = buffers[index]
        if let staging {
            return BackBuffer(pixels: staging, width: buffer.width, height: buffer.height, stride: buffer.width,
                              generation: bufferGeneration)
        }
        return BackBuffer(pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride,
                          generation: bufferGeneration)
    }

    /// Shows the frame rendered into the last `backBuffer()`.
    public func present() {
        guard !isClosed, let index = acquired else { return }
        acquired = nil
        let buffer = buffers[index]
        if let staging {
            pixelFormat.convert(from: staging, sourceStride: buffer.width, to: buffer.pixels,
                                destinationStride: buffer.stride, width: buffer.width, height: buffer.height)
        }
        put(buffer)
        front = index
        frontIntact = true
    }

    /// Puts the last presented frame again (after an Expose) without rendering; false when there
    /// is none of the current size any more — render and present instead.
    @discardableResult
    public func redisplay() -> Bool {
        guard !isClosed, frontIntact, let front, buffers[front].width == width,
              buffers[front].height == height else { return false }
        waitUntilFree(front)
        put(buffers[front])
        return true
    }

    /// Waits until the server has finished reading every presented buffer.
    public func waitUntilPresented() {
        guard !isClosed else { return }
        for index in buffers.indices { waitUntilFree(index) }
    }

    private func put(_ buffer: ImageBuffer) {
        guard !windowDestroyed else { return }
        if buffer.isShared {
            // send_event True: the server reports ShmCompletion once it has read the segment.
            XShmPutImage(display, window, gc, buffer.image, 0, 0, 0, 0,
                         UInt32(buffer.width), UInt32(buffer.height), True)
            buffer.busy = true
        } else {
            // Xlib copies the pixels into its request buffer: the image is free on return.
            XPutImage(display, window, gc, buffer.image, 0, 0, 0, 0, UInt32(buffer.width), UInt32(buffer.height))
        }
        XFlush(display)
    }

    /// Blocks, reading events into the queue, until buffer `index` has its ShmCompletion. If none
    /// comes within a second, a round trip proves the server has long processed the put.
    func waitUntilFree(_ index: Int) {
        let buffer = buffers[index]
        let start = monotonicSeconds()
        while buffer.busy {
            pumpEvents()
            guard buffer.busy else { break }
            if monotonicSeconds() - start >= 1 {
                XSync(display, False)
                pumpEvents()
                buffer.busy = false
                break
            }
            pollConnection(timeout: 0.05)
        }
    }

    /// Marks the buffer whose segment this completion names as free again (completions for
    /// buffers already replaced by a resize are ignored).
    func completed(segment: UInt) {
        for buffer in buffers where buffer.segmentID == segment { buffer.busy = false }
    }

    /// New buffers of the window's size; old ones are released (the server finishes any put
    /// first, as requests are handled in order).
    func makeBuffers() {
        releaseBuffers()
        bufferGeneration += 1
        let w = width, h = height
        if usesSharedMemory {
            if let a = ImageBuffer.shared(display: display, visual: visual, depth: depth, width: w, height: h),
               let b = ImageBuffer.shared(display: display, visual: visual, depth: depth, width: w, height: h) {
                buffers = [a, b]
            } else {
                usesSharedMemory = false       // refused (remote display) or unusable layout
            }
        }
        if buffers.isEmpty {
            guard let a = ImageBuffer.plain(display: display, visual: visual, depth: depth, width: w, height: h),
                  let b = ImageBuffer.plain(display: display, visual: visual, depth: depth, width: w, height: h) else {
                fatalError("out of memory for a \(w)×\(h) framebuffer")
            }
            buffers = [a, b]
        }
        if !pixelFormat.matchesNative {
            staging = .allocate(capacity: max(1, w * h))
            staging?.initialize(repeating: 0, count: max(1, w * h))
        }
    }

    func releaseBuffers() {
        for buffer in buffers { buffer.release() }
        buffers = []
        front = nil
        frontIntact = false
        acquired = nil
        staging?.deallocate()
        staging = nil
    }
}
