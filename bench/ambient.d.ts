// React's profiling build has the client API of react-dom/client; @types/react-dom does not list it.
declare module 'react-dom/profiling' {
  export * from 'react-dom/client';
}
