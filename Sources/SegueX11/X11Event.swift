// X11Event: what the host reports, in platform-neutral terms — pointer, keys, resize, expose,
// close. Positions are window pixels (origin top-left); times are the X server's clock in seconds
// so a gesture's velocity comes from when the input happened, not when it was read.

/// An input or window event from the X11 host.
public enum X11Event: Equatable, Sendable {
    case pointerDown(Pointer)
    /// Motion, compressed: consecutive motions collapse to the latest position.
    case pointerMoved(Pointer)
    case pointerUp(Pointer)
    case key(Key)
    /// The window's size changed; the next `backBuffer()` has the new size.
    case resize(width: Int, height: Int)
    /// Part of the window was uncovered: present a frame again (or `redisplay()`).
    case expose
    /// The window manager asked to close the window (WM_DELETE_WINDOW), or it was destroyed.
    case close

    public enum Button: Sendable, Hashable {
        case left, middle, right
    }

    /// Buttons held during a pointer event.
    public struct Buttons: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let left = Buttons(rawValue: 1)
        public static let middle = Buttons(rawValue: 2)
        public static let right = Buttons(rawValue: 4)
    }

    /// Keyboard modifiers held during an event.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)
    }

    public struct Pointer: Equatable, Sendable {
        /// Window coordinates in pixels.
        public var x: Double
        public var y: Double
        /// X server time in seconds (monotonic, arbitrary origin).
        public var time: Double
        /// The button pressed or released; nil for motion.
        public var button: Button?
        /// Buttons held before this event (X reports the state as it was before a press/release).
        public var buttons: Buttons
        public var modifiers: Modifiers

        public init(x: Double, y: Double, time: Double, button: Button? = nil,
                    buttons: Buttons = [], modifiers: Modifiers = []) {
            self.x = x; self.y = y; self.time = time
            self.button = button; self.buttons = buttons; self.modifiers = modifiers
        }
    }

    public struct Key: Equatable, Sendable {
        /// The X keysym (see X11/keysymdef.h), e.g. 0xff1b Escape, 0xff51 Left, 0x73 `s`.
        public var keysym: UInt32
        /// The text the key types under the current modifiers ("S", "?", " "), empty for none.
        public var text: String
        public var modifiers: Modifiers
        public var time: Double

        public init(keysym: UInt32, text: String, modifiers: Modifiers = [], time: Double = 0) {
            self.keysym = keysym; self.text = text; self.modifiers = modifiers; self.time = time
        }

        /// Keys without text, by name.
        public enum Name: Sendable, Equatable {
            case escape, enter, tab, backspace, delete, space
            case left, right, up, down, home, end, pageUp, pageDown
        }

        public var name: Name? {
            switch keysym {
            case 0xff1b: return .escape
            case 0xff0d, 0xff8d: return .enter
            case 0xff09: return .tab
            case 0xff08: return .backspace
            case 0xffff: return .delete
            case 0x20: return .space
            case 0xff51, 0xff96: return .left
            case 0xff53, 0xff98: return .right
            case 0xff52, 0xff97: return .up
            case 0xff54, 0xff99: return .down
            case 0xff50, 0xff95: return .home
            case 0xff57, 0xff9c: return .end
            case 0xff55, 0xff9a: return .pageUp
            case 0xff56, 0xff9b: return .pageDown
            default: return nil
            }
        }
    }
}
