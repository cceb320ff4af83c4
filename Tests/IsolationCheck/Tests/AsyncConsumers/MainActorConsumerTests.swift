import GeneratedFixtures
import Testing

/// Sequences consumed the way an app written with default MainActor isolation consumes them:
/// `for await` in main-actor code, a loop in a main-actor object's method, a loop in a task that
/// inherits the main actor. Everything here is main-actor code without saying so.
@Suite struct MainActorConsumerTests {
    /// A view model that follows a control while its task runs.
    final class LevelsModel {
        private(set) var levels: [Int] = []
        private let button: MainActorButton

        init(button: MainActorButton) {
            self.button = button
        }

        func follow(count: Int) async {
            for await level in button.mainActorLevelsSequence(for: .levelChanged) {
                levels.append(level)
                if levels.count == count { return }
            }
        }
    }

    @Test func aForAwaitLoopReadsACallbackSequence() async throws {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2]
        var values: [Int] = []
        for try await value in source.bufferedEventsSequence() {
            values.append(value)
            if values.count == 2 { break }
        }
        #expect(values == [1, 2])
        #expect(source.unregistrationCount == 1)
    }

    @Test func aMainActorObjectFollowsAMainActorSender() async {
        let button = MainActorButton()
        let model = LevelsModel(button: button)
        let reading = Task { await model.follow(count: 1) }
        while button.addTargetCount == 0 { await Task.yield() }
        button.level = 3
        button.sendActions(for: .levelChanged)
        await reading.value
        #expect(model.levels == [3])
        #expect(button.callsOffMainActor == 0)
        while button.removeTargetCount == 0 { await Task.yield() }
    }

    @Test func aPollingLoopInAnInheritedTask() async {
        let counter = PullCounter()
        let task = Task {
            var total = 0
            for await value in NaturalsSequence(counter: counter) {
                total += value
                if value == 3 { break }
            }
            return total
        }
        #expect(await task.value == 6)
        #expect(counter.pullCount == 3)
    }
}
