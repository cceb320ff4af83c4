/// Stand-ins for the image sources of `Schemas/Examples/ImageFeed.publishers.yaml`.
public nonisolated struct Image: Equatable, Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

public nonisolated enum ImageSize: Sendable {
    case thumbnail
    case fullSize
}

public nonisolated final class ImageProvider {
    public nonisolated struct LoadError: Error, Equatable {}

    private var names: [String]
    private let failAfter: Int?
    private var served = 0
    /// How many times `provideNextImage` was called.
    public private(set) var pullCount = 0

    public init(names: [String], failAfter: Int? = nil) {
        self.names = names
        self.failAfter = failAfter
    }

    public func provideNextImage(size: ImageSize) throws -> Image? {
        pullCount += 1
        if let failAfter, served == failAfter { throw LoadError() }
        guard !names.isEmpty else { return nil }
        served += 1
        return Image(name: names.removeFirst() + (size == .thumbnail ? "-small" : ""))
    }
}

public nonisolated final class ImageCache {
    private var images: [Image]

    public init(images: [Image]) { self.images = images }

    public func removeOldest() -> Image? {
        images.isEmpty ? nil : images.removeFirst()
    }
}
