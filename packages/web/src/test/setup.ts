import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// a loaded 2-core CI machine renders antd slowly: findBy/waitFor wait up to 5 s instead of 1 s
configure({ asyncUtilTimeout: 5_000 });

// antd reads these browser APIs that jsdom does not implement
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
