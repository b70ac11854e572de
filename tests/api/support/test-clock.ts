/** The moment every API test starts at: the demo is seeded relative to it, and the tests' clock starts there. */
export const TEST_START = new Date('2026-11-21T12:00:00Z');

/** A clock the test can move, to cross the 8-hour session lifetime without waiting. */
export class TestClock {
  constructor(public current = TEST_START) {}
  now = () => this.current;
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
