import Foundation

/// The printer's output, as UTF-8 bytes in one growing allocation.
///
/// Why not a `String`: a debug build (what the build plugin runs) calls unspecialized generic
/// standard-library code for every `String` append and slice, some 500 to 2,000 instructions each,
/// and a generated file is hundreds of thousands of appends. Copying a byte range costs about 100.
///
/// Only the printer that owns it writes to it (a copied printer copies it first), so the runtime's
/// exclusivity checks on its properties, a thread-local lookup per access in a debug build, are off.
final class PrintedBytes {
    @exclusivity(unchecked) private var start: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// A copy, for a printer that is copied and then written to.
    func copy() -> PrintedBytes {
        let copy = PrintedBytes(capacity: capacity)
        copy.append(UnsafePointer(start), count: count)
        return copy
    }

    /// The bytes as text; they are valid UTF-8, since the printer only splits its input at ASCII bytes.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity { grow(toHold: added) }
        memcpy(start + count, bytes, added)
        count += added
    }

    /// Inserts `added` bytes at `offset`, after the bytes before it and before those after it.
    func insert(_ bytes: UnsafePointer<UInt8>, count added: Int, at offset: Int) {
        if count + added > capacity { grow(toHold: added) }
        memmove(start + offset + added, start + offset, count - offset)
        memcpy(start + offset, bytes, added)
        count += added
    }

    func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { append(base, count: bytes.count) }
        }
    }

    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count += 1
    }

    func appendSpaces(_ spaces: Int) {
        if count + spaces > capacity { grow(toHold: spaces) }
        memset(start + count, Int32(PlainText.space), spaces)
        count += spaces
    }

    private func grow(toHold added: Int) {
        capacity = max(capacity * 2, count + added)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        memcpy(grown, start, count)
        start.deallocate()
        start = grown
    }
}
