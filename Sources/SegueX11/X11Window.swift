// X11Window: a top-level X11 window hosting a 32-bit pixel buffer, and nothing more — it knows no
// views or transitions. Open it, render into `backBuffer()`, `present()`, and feed `events()` to the
// app. Presentation uses two MIT-SHM images paced on ShmCompletion, falling back to XPutImage when
// MIT-SHM is missing, refused (remote display) or switched off. Xlib is used from one thread.
//
// The intended loop (the viewer's shape):
//
//     let window = try X11Window(title: "Segue", width: 800, height: 600)
//     var running = true
//     while running {
//         // Sleep on the X connection until input arrives or the next frame is due (nil = idle).
//         window.waitForEvents(timeout: nextFrameTime.map { max(0, $0 - now()) })
//         for event in window.events() {
//             switch event {
//             case .close: running = false
//             case .pointerDown(let p): app.pointerDown(at: p.x, p.y, time: p.time)
//             case .resize, .expose: needsFrame = true
//             default: break
//             }
//         }
//         if needsFrame || animating {
//             let buffer = window.backBuffer()     // waits only if the server still reads both
//             app.render(into: buffer.pixels, buffer.width, buffer.height, buffer.stride)
//             window.present()
//         }
//     }
//     window.close()

import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Pixels the caller renders a frame into: `A<<24|R<<16|G<<8|B` premultiplied, rows `stride`
/// pixels apart. Valid until the next `present()`, `backBuffer()` or `close()`; its contents
/// are whatever was there before (render the whole frame).
public struct BackBuffer {
    public let pixels: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    public let stride: Int
    /// Changes whenever the buffers are made anew (a resize): memory of an older generation is gone,
    /// whatever its address.
    public let generation: Int
}

public final class X11Window {
    /// How the window presents.
    public struct Options: Sendable {
        /// Use MIT-SHM when the server allows it (false = always XPutImage, the `--no-shm` flag).
        public var useSharedMemory: Bool = true
        /// Ask for a visual of this depth (24 or 32); nil takes the screen's default when it is
        /// 24/32-bit TrueColor.
        public var depth: Int? = nil
        /// WM_CLASS instance and class names.
        public var className: String = "segue"
        public init(useSharedMemory: Bool = true, depth: Int? = nil, className: String = "segue") {
            self.useSharedMemory = useSharedMemory; self.depth = depth; self.className = className
        }
    }

    let display: OpaquePointer
    let window: UInt
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let colormap: UInt
    /// A GC of the window's depth (the screen's default GC fails with BadMatch on a 32-bit window).
    let gc: GC
    /// Where the server wants each channel.
    public let pixelFormat: PixelFormat
    let wmProtocols: UInt
    let wmDeleteWindow: UInt
    let shmCompletionType: Int32?
    /// True while presenting through MIT-SHM (it can turn false when an attach fails).
    public internal(set) var usesSharedMemory: Bool
    /// The window's current size in pixels (follows ConfigureNotify).
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var isClosed = false

    var buffers: [ImageBuffer] = []
    /// Counts `makeBuffers` calls (`BackBuffer.generation`).
    var bufferGeneration = 0
    /// Index of the buffer most recently presented, and whether it still holds that frame.
    var front: Int?
    var frontIntact = false
    /// The buffer handed out by `backBuffer()` and not yet presented.
    var acquired: Int?
    /// Where the caller renders when the server's layout differs from native (converted at present).
    var staging: UnsafeMutablePointer<UInt32>?
    var queue: [X11Event] = []
    var clock = ServerClock()
    var closeReported = false
    /// Set when someone else destroyed the window (DestroyNotify): nothing is drawn to it any more.
    var windowDestroyed = false

    /// Opens `displayName` (nil = `DISPLAY`) and maps a window with this title and size.
    public init(title: String, width: Int, height: Int, display displayName: String? = nil,
                options: Options = Options()) throws {
        X11ErrorHandlers.install()
        let name = displayName ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !name.isEmpty else { throw X11Error.noDisplay }
        guard let display = XOpenDisplay(name) else { throw X11Error.cannotOpenDisplay(name) }
        let screen = XDefaultScreen(display)
        guard let (visual, depth, format) = Self.chooseVisual(display: display, screen: screen, depth: options.depth) else {
            XCloseDisplay(display)
            throw X11Error.noTrueColorVisual
        }
        let root = XRootWindow(display, screen)
        let colormap = XCreateColormap(display, root, visual, AllocNone)
        var attributes = XSetWindowAttributes()
        attributes.colormap = colormap
        attributes.background_pixmap = 0          // None: no server clearing, no flicker on resize
        attributes.border_pixel = 0
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask
            | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        let mask = UInt(CWColormap | CWBackPixmap | CWBorderPixel | CWBitGravity | CWEventMask)
        let w = max(1, width), h = max(1, height)
        var created: UInt = 0
        let error = X11ErrorHandlers.trap(display) {
            created = XCreateWindow(display, root, 0, 0, UInt32(w), UInt32(h), 0, depth,
                                    UInt32(InputOutput), visual, mask, &attributes)
        }
        guard error == 0, created != 0 else {
            XFreeColormap(display, colormap)
            XCloseDisplay(display)
            throw X11Error.cannotCreateWindow("X error \(error)")
        }
        self.display = display
        self.window = created
        self.visual = visual
        self.depth = depth
        self.colormap = colormap
        self.pixelFormat = format
        self.width = w
        self.height = h
        self.title = title
        gc = XCreateGC(display, created, 0, nil)
        wmProtocols = XInternAtom(display, "WM_PROTOCOLS", False)
        wmDeleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", False)
        var extensionEvent: Int32 = 0, extensionError: Int32 = 0, opcode: Int32 = 0
        let hasShm = XQueryExtension(display, "MIT-SHM", &opcode, &extensionEvent, &extensionError) != 0
            && XShmQueryExtension(display) != 0
        shmCompletionType = hasShm ? XShmGetEventBase(display) + ShmCompletion : nil
        usesSharedMemory = options.useSharedMemory && hasShm
        var protocols = [wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)
        setClassHint(options.className)
        setMinimumSize()
        applyTitle()
        XMapWindow(display, window)
        XFlush(display)
    }

    /// The window title (WM_NAME and _NET_WM_NAME).
    public var title: String {
        didSet { if !isClosed { applyTitle() } }
    }

    /// The X connection's file descriptor (for callers running their own poll).
    public var connectionFileDescriptor: Int32 { XConnectionNumber(display) }

    /// Resizes the window (the WM may refuse; a `.resize` event reports what happened).
    public func resize(width: Int, height: Int) {
        guard !isClosed else { return }
        XResizeWindow(display, window, UInt32(max(1, width)), UInt32(max(1, height)))
        XFlush(display)
    }

    /// Destroys the images (detaching shared memory), the window, and closes the connection.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        releaseBuffers()
        XFreeGC(display, gc)
        if !windowDestroyed { XDestroyWindow(display, window) }
        XFreeColormap(display, colormap)
        XSync(display, False)
        XCloseDisplay(display)
    }

    deinit { close() }

    private func applyTitle() {
        XStoreName(display, window, title)
        let utf8String = XInternAtom(display, "UTF8_STRING", False)
        let netWMName = XInternAtom(display, "_NET_WM_NAME", False)
        let bytes = Array(title.utf8)
        _ = bytes.withUnsafeBufferPointer { b in
            XChangeProperty(display, window, netWMName, utf8String, 8, PropModeReplace,
                            b.baseAddress, Int32(b.count))
        }
        XFlush(display)
    }

    private func setClassHint(_ name: String) {
        guard let hint = XAllocClassHint() else { return }
        let instance = strdup(name), className = strdup(name.prefix(1).uppercased() + name.dropFirst())
        hint.pointee.res_name = instance
        hint.pointee.res_class = className
        XSetClassHint(display, window, hint)
        XFree(hint)
        free(instance)
        free(className)
    }

    private func setMinimumSize() {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize
        hints.pointee.min_width = 1
        hints.pointee.min_height = 1
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
    }

    /// The screen's default visual when it is usable (and of the requested depth), else a
    /// matching TrueColor visual of depth 24, then 32.
    static func chooseVisual(display: OpaquePointer, screen: Int32, depth wanted: Int?)
        -> (UnsafeMutablePointer<Visual>, Int32, PixelFormat)? {
        let defaultVisual = XDefaultVisual(display, screen)!
        let defaultDepth = XDefaultDepth(display, screen)
        if wanted == nil || wanted == Int(defaultDepth), defaultVisual.pointee.`class` == TrueColor,
           let format = PixelFormat(redMask: defaultVisual.pointee.red_mask, greenMask: defaultVisual.pointee.green_mask,
                                    blueMask: defaultVisual.pointee.blue_mask, depth: Int(defaultDepth)) {
            return (defaultVisual, defaultDepth, format)
        }
        for depth in wanted.map({ [Int32($0)] }) ?? [24, 32] {
            var info = XVisualInfo()
            guard XMatchVisualInfo(display, screen, depth, TrueColor, &info) != 0, let visual = info.visual,
                  let format = PixelFormat(redMask: info.red_mask, greenMask: info.green_mask,
                                           blueMask: info.blue_mask, depth: Int(depth)) else { continue }
            return (visual, depth, format)
        }
        return nil
    }
}
