// swift-tools-version:6.0
// Segue: UIKit-style view-controller transitions on Linux, rendered by a software compositor.
import PackageDescription

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

        // The platform-neutral library: geometry, views, animation, controllers, effects, compositor.
        .target(
            name: "Segue",
            dependencies: ["CPNG", "CFreeType", "CFontconfig"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        // The X11 host: a window, MIT-SHM presentation, pointer and key events. Knows nothing of transitions.
        .target(name: "SegueX11", dependencies: ["CX11"]),
        // The command-line tool: viewer, render, bench, list.
        .executableTarget(name: "segue", dependencies: ["Segue", "SegueX11"]),

        .testTarget(name: "SegueTests", dependencies: ["Segue"], resources: [.copy("Goldens")]),
        // Real-window tests: start their own Xvfb; the host alone, and the `segue` viewer driven by xdotool.
        .testTarget(name: "SegueX11Tests", dependencies: ["SegueX11", "Segue"]),
    ]
)
