// ImageBuffer: one client-side XImage the host presents from — either an MIT-SHM image whose
// pixels live in a private (0600) System V segment the server maps too, or a plain image sent
// through the socket by XPutImage. A shared buffer is `busy` from its XShmPutImage until the
// server's ShmCompletion event: the server may still read it, so nobody writes it meanwhile.
// Segments are marked IPC_RMID as soon as both sides are attached, so they vanish with the last
// detach even if the process is killed.

import CX11
#if canImport(Glibc)
import Glibc
#endif

final class ImageBuffer {
    let image: UnsafeMutablePointer<XImage>
    let width: Int
    let height: Int
    /// Pixels per row.
    let stride: Int
    /// The segment info Xlib keeps a pointer to (nil for a plain image).
    let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// Waiting for the server's ShmCompletion for this buffer.
    var busy = false
    private let display: OpaquePointer
    private var released = false

    var pixels: UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(image.pointee.data).assumingMemoryBound(to: UInt32.self)
    }
    var isShared: Bool { segment != nil }
    var segmentID: UInt { segment?.pointee.shmseg ?? 0 }

    private init(display: OpaquePointer, image: UnsafeMutablePointer<XImage>,
                 segment: UnsafeMutablePointer<XShmSegmentInfo>?) {
        self.display = display
        self.image = image
        self.segment = segment
        width = Int(image.pointee.width)
        height = Int(image.pointee.height)
        stride = Int(image.pointee.bytes_per_line) / 4
    }

    /// A plain image for XPutImage. The image says LSBFirst 32-bit pixels (our memory layout);
    /// Xlib converts if the server's image format differs.
    static func plain(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32,
                      width: Int, height: Int) -> ImageBuffer? {
        let bytes = max(1, width * height * 4)
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, 64, bytes) == 0, let memory else { return nil }
        memset(memory, 0, bytes)
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                       memory.assumingMemoryBound(to: CChar.self),
                                       UInt32(width), UInt32(height), 32, Int32(width * 4)) else {
            free(memory)
            return nil
        }
        image.pointee.byte_order = LSBFirst
        image.pointee.bitmap_bit_order = LSBFirst
        image.pointee.bits_per_pixel = 32
        image.pointee.bytes_per_line = Int32(width * 4)
        XInitImage(image)
        return ImageBuffer(display: display, image: image, segment: nil)
    }

    /// A shared-memory image, attached on the server; nil when the server cannot attach it (a
    /// remote display) or the image layout is not 32-bit little-endian pixels.
    static func shared(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32,
                       width: Int, height: Int) -> ImageBuffer? {
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)) else {
            info.deallocate()
            return nil
        }
        let layoutOK = image.pointee.bits_per_pixel == 32 && image.pointee.byte_order == LSBFirst
        let size = max(1, Int(image.pointee.bytes_per_line) * height)
        let id = layoutOK ? shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600) : -1
        guard id >= 0 else {
            destroy(image)
            info.deallocate()
            return nil
        }
        let address = shmat(id, nil, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            destroy(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = False
        image.pointee.data = info.pointee.shmaddr
        var attached: Int32 = 0
        let error = X11ErrorHandlers.trap(display) { attached = XShmAttach(display, info) }
        // Both sides are attached (or the server refused): the segment now lives only as long
        // as its attachments.
        shmctl(id, IPC_RMID, nil)
        guard error == 0, attached != 0 else {
            image.pointee.data = nil
            destroy(image)
            shmdt(address)
            info.deallocate()
            return nil
        }
        return ImageBuffer(display: display, image: image, segment: info)
    }

    /// Frees the image and, for a shared one, detaches it on both sides. The server handles the
    /// detach after any put already sent, so releasing a busy buffer is safe.
    func release() {
        guard !released else { return }
        released = true
        if let segment {
            XShmDetach(display, segment)
            image.pointee.data = nil
            destroy(image)
            shmdt(segment.pointee.shmaddr)
            segment.deallocate()
        } else {
            let data = image.pointee.data
            image.pointee.data = nil
            destroy(image)
            free(data)
        }
    }

    deinit { release() }
}

/// XDestroyImage is a C macro calling the image's own destructor (which frees `data` if set).
private func destroy(_ image: UnsafeMutablePointer<XImage>) {
    _ = image.pointee.f.destroy_image(image)
}
