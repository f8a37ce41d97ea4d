// swift-tools-version:6.0
// Segue: UIKit-style view-controller transitions on Linux, rendered by a software compositor.
import Foundation
import PackageDescription

/// The compositor's kernels are written in eight- and sixteen-lane SIMD types. Where the building CPU
/// has AVX2, the release build of the library targets it (-target-cpu haswell, like -march=native): a
/// SIMD8 is one register and every operation has three operands, which takes a quarter to a third off
/// most frames; where it also has AVX-512 (F, BW, VL, DQ), those are enabled too, so a SIMD16 is one
/// register (the mesh kernels run sixteen pixels a step). Not -target-cpu native or x86-64-v4: the
/// tunings of AVX-512 CPUs other than Zen 4 prefer 256-bit registers and split every SIMD16 in two.
/// SEGUE_PORTABLE=1 builds for baseline x86-64 instead (for a binary that runs on any x86-64); the
/// `segue` tool refuses, with a message, to run a build on a CPU without the extensions it was built
/// for (CPUCheck, which parses /proc/cpuinfo as below: a manifest cannot share the package's code).
let cpuFlags: [Substring] = {
    #if os(Linux) && arch(x86_64)
    if ProcessInfo.processInfo.environment["SEGUE_PORTABLE"].map({ !$0.isEmpty && $0 != "0" }) ?? false { return [] }
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
    return flags.split(separator: " ")
    #else
    return []
    #endif
}()
let buildForAVX2 = cpuFlags.contains("avx2")
let avx512Features = ["avx512f", "avx512bw", "avx512vl", "avx512dq"]
let buildForAVX512 = buildForAVX2 && avx512Features.allSatisfy { cpuFlags.contains(Substring($0)) }
let kernelFlags = ["-Ounchecked"] + (buildForAVX2 ? ["-target-cpu", "haswell"] : [])
    + (buildForAVX512 ? avx512Features.flatMap { ["-Xcc", "-m" + $0] } : [])

let package = Package(
    name: "Segue",
    products: [
        .library(name: "Segue", targets: ["Segue"]),
        .library(name: "SegueX11", targets: ["SegueX11"]),
        .executable(name: "segue", targets: ["segue"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),

        // A cache hint Swift has no word for (CPrefetch.h).
        .target(name: "CPrefetch"),
        // Sixteen taps from a window of the texture, by a lane permute Swift has no word for (CGather.h),
        // and the loops around it kept in registers: a plane span's (CPlaneSpan.h), a turned image's
        // strip's (CTurnedStrip.h).
        .target(name: "CGather"),
        // Lane operations Swift's SIMD types take several instructions for (CLanes.h).
        .target(name: "CLanes"),

        // The platform-neutral library: geometry, views, animation, controllers, effects, compositor.
        .target(
            name: "Segue",
            dependencies: ["CPNG", "CFreeType", "CFontconfig", "CPrefetch", "CGather", "CLanes"],
            swiftSettings: [.unsafeFlags(kernelFlags, .when(configuration: .release))]
                + (buildForAVX2 ? [.define("SEGUE_AVX2", .when(configuration: .release))] : [])
                + (buildForAVX512 ? [.define("SEGUE_AVX512", .when(configuration: .release))] : [])
        ),
        // The X11 host: a window, MIT-SHM presentation, pointer and key events. Knows nothing of transitions.
        .target(name: "SegueX11", dependencies: ["CX11"]),
        // The command-line tool: viewer, render, bench, list.
        .executableTarget(name: "segue", dependencies: ["Segue", "SegueX11"]),

        .testTarget(name: "SegueTests", dependencies: ["Segue", "segue"], resources: [.copy("Goldens")]),
        // Real-window tests: start their own Xvfb; the host alone, and the `segue` viewer driven by xdotool.
        .testTarget(name: "SegueX11Tests", dependencies: ["SegueX11", "Segue"]),
    ]
)
