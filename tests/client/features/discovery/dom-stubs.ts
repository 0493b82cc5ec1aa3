import { installMatchMedia } from '../../components/match-media';

// antd's responsive pieces (Pagination, Grid, Carousel) ask for media queries.
installMatchMedia();

// jsdom has no ResizeObserver; antd's popups (Select, Dropdown) measure themselves with one.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export {};
