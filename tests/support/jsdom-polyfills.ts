/**
 * jsdom (via jest-fixed-jsdom) has no MessageChannel; antd's form (@rc-component/form) uses one to
 * run its watchers as a macro task. A setTimeout-based stand-in keeps that order without leaving
 * open ports behind.
 */
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {}
    start() {}
  }
  class FakeMessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = FakeMessageChannel;
}

// jsdom has no ResizeObserver; antd's Tabs, Carousel and auto-sized TextArea observe their size.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export {};
