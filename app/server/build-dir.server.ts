import path from 'node:path';

/**
 * The build's folder (BUILD_DIR, default ./build from the working directory): the web server serves
 * build/client from it and reads the client's Vite manifest there. Not relative to the module that
 * asks: the server build is split into chunks under build/server/assets/, so `import.meta.url`
 * says nothing stable about where build/client is.
 */
export const buildDir = () => path.resolve(process.env.BUILD_DIR ?? 'build');
