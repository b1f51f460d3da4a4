/**
 * For tests where updates arrive from real sockets and timers rather than from the test's own
 * actions: React's act() warnings assume every update is caused inside act(), which cannot hold
 * here. The tests wait for what the user would see instead (findBy…, waitFor).
 */
export function allowUpdatesOutsideAct(): void {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
}
