/**
 * happy-dom's Animation.cancel() rejects `finished` with nobody listening, and Fluent's motion cancels
 * running animations on unmount: an unhandled rejection that is the test DOM's, not the components'.
 * Without element.animate, Fluent's motion skips straight to the end state, as it does for users who
 * prefer reduced motion.
 */
Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true, writable: true });
