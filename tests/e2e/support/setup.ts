import { reportIfFailed } from './browser';

// A failed browser test leaves screenshots and its pages' recent activity (browser.ts).
afterEach(reportIfFailed);
