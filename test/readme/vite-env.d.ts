// What a vite app's src/vite-env.d.ts says, so recipe-router-loader.tsx reads a typed env variable.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_KEY: string;
}
