// The built-in interactive pop: a drag from the window's left edge over the navigation controller's view
// pops the top controller, following the finger, as UIKit's interactivePopGestureRecognizer does. Like
// UIKit's, it stands aside when the delegate supplies its own animation controller for the pop (the app
// then installs its own recognizer, as seed 003 does), when there is nothing to pop, or while a
// transition runs.

extension NavigationController {
    func interactivePopShouldBegin() -> Bool {
        let stack = viewControllers
        guard stack.count > 1, runningStep == nil, pendingSteps.isEmpty, presentedViewController == nil,
              let window = viewIfLoaded?.window, !TransitionDriver.isRunning(in: window) else { return false }
        let from = stack[stack.count - 1], to = stack[stack.count - 2]
        return delegate?.navigationController(self, animationControllerFor: .pop, from: from, to: to) == nil
    }

    func handleInteractivePop(_ gesture: ScreenEdgePanGestureRecognizer) {
        let width = max(1, view.bounds.width)
        let percent = gesture.translation(in: view).x / width
        switch gesture.state {
        case .began:
            interactivePop = PercentDrivenInteractiveTransition()
            popViewController(animated: true)
        case .changed:
            interactivePop?.update(percent)
        case .ended:
            let velocity = gesture.velocity(in: view).x
            // A decisive fling decides by direction; otherwise more than half way finishes.
            let finish = abs(velocity) > width / 4 ? velocity > 0 : percent > 0.5
            if finish { interactivePop?.finish() } else { interactivePop?.cancel() }
            interactivePop = nil
        case .cancelled, .failed:
            interactivePop?.cancel()
            interactivePop = nil
        default:
            break
        }
    }
}
