// React's profiling build has the client API of react-dom/client; @types/react-dom does not list it.
declare module 'react-dom/profiling' {
  export * from 'react-dom/client';
}

// The one piece of jsdom the re-render scenario uses (jsdom ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
