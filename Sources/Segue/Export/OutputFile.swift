// OutputFile: how every output is written. Never over a file Segue did not write (a PNG with the
// Software=Segue tEXt chunk, a GIF with the Software=Segue comment) unless forced; never into a
// directory, a device or a missing folder; always to a temporary file in the same folder, then a
// rename, so an interrupted run leaves the old file or the new one, never half of one.
import Foundation

public struct OutputError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ m: String) { description = m }
}

public enum OutputFile {
    /// (folder, file name) of a path, by its last "/" — "" for the folder when there is none. (Foundation's
    /// NSString path methods trap on some inputs, such as ".", so paths are split here.)
    public static func split(_ path: String) -> (folder: String, name: String) {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return ("", String(p)) }
        let folder = p[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(p[p.index(after: slash)...]))
    }

    /// Refuses `path` unless it is new, or a file Segue wrote, or `force`.
    public static func checkWritable(_ path: String, force: Bool) throws(OutputError) {
        guard !path.isEmpty else { throw OutputError("the output path is empty") }
        var isDir: ObjCBool = false
        let parent = split(path).folder
        if !parent.isEmpty {
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir) else {
                throw OutputError("cannot write '\(path)': the folder '\(parent)' does not exist")
            }
            guard isDir.boolValue else { throw OutputError("cannot write '\(path)': '\(parent)' is not a folder") }
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return }
        guard !isDir.boolValue else { throw OutputError("cannot write '\(path)': it is a directory") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw OutputError("cannot write '\(path)': it exists and is not a regular file")
        }
        if force || isWrittenBySegue(path) { return }
        throw OutputError("'\(path)' exists and was not written by Segue; choose another name or pass --force to overwrite it")
    }

    /// Whether the file at `path` is a PNG or GIF that Segue wrote (only its first 64 KB are read).
    public static func isWrittenBySegue(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = [UInt8]((try? h.read(upToCount: 65536)) ?? Data())
        if PNG.isWrittenBySegue(head) { return true }
        if head.count > 6, Array(head[0..<6]) == Array("GIF89a".utf8) {
            let sig = Array(GIF.signature.utf8)
            let limit = min(head.count, 1024)
            if limit >= sig.count {
                for i in 0...(limit - sig.count) where Array(head[i..<i + sig.count]) == sig { return true }
            }
        }
        return false
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let (dir, name) = split(path)
        let temp = (dir.isEmpty ? "." : dir) + "/.\(name).segue-\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temp, contents: Data(bytes)) else {
            throw OutputError("cannot write '\(path)': the folder is not writable")
        }
        guard rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw OutputError("cannot write '\(path)': \(reason)")
        }
    }
}
