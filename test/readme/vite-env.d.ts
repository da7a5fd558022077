// What a vite app's src/vite-env.d.ts says: Vite's types for import.meta (import.meta.glob in test/stories).
/// <reference types="vite/client" />
