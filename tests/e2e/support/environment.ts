import NodeEnvironment from 'jest-environment-node';
import type { Circus } from '@jest/types';

/**
 * The browser tests' environment: Node's, plus a flag the harness reads after each test
 * (`globalThis.__e2eFailed`), so a failing test leaves screenshots of its open pages behind
 * (see `browserPerFile` in browser.ts). A flaky failure in CI is otherwise a bare timeout.
 */
export default class BrowserTestEnvironment extends NodeEnvironment {
  async handleTestEvent(event: Circus.Event) {
    if (event.name === 'test_start') this.global.__e2eFailed = false;
    if (event.name === 'test_fn_failure') this.global.__e2eFailed = `${event.test.parent && event.test.parent.name !== 'ROOT_DESCRIBE_BLOCK' ? `${event.test.parent.name} ` : ''}${event.test.name}`;
  }
}
