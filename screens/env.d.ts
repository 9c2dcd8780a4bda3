/** Build id injected by vite.config.ts. */
declare const __BUILD_ID__: string;
