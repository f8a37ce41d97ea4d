// ServerClock: X server timestamps are 32-bit milliseconds that wrap every ~49.7 days. Events carry
// them so velocities use the time the server saw the input, not when we got round to reading it;
// this turns them into monotonic seconds (arbitrary origin), unwrapping across the 2^32 boundary.

struct ServerClock {
    private var latest: UInt32?
    private var wraps: UInt64 = 0

    /// Seconds for a raw server timestamp. A backwards jump of more than half the range is a wrap;
    /// a forward jump of more than half the range is a late event from before the last wrap.
    mutating func seconds(_ raw: UInt32) -> Double {
        let half = UInt32.max / 2
        guard let latest else {
            self.latest = raw
            return Self.seconds(raw, wraps: wraps)
        }
        if raw < latest, latest - raw > half {
            wraps += 1
            self.latest = raw
        } else if raw > latest, raw - latest > half {
            return Self.seconds(raw, wraps: wraps > 0 ? wraps - 1 : 0)
        } else if raw > latest {
            self.latest = raw
        }
        return Self.seconds(raw, wraps: wraps)
    }

    private static func seconds(_ raw: UInt32, wraps: UInt64) -> Double {
        Double(wraps << 32 | UInt64(raw)) / 1000
    }
}
