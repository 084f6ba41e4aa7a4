/**
 * react-pdf's image loader asks `Buffer.isBuffer(source)` after loading any image, a Node global
 * browsers lack: each photo in a preview logged "Buffer is not defined". In the browser no image
 * source is a Node buffer, so a stand-in that says so is all it needs; a real Buffer is left alone.
 */
export const standInForBuffer = () => {
  const global = globalThis as { Buffer?: unknown };
  global.Buffer ??= { isBuffer: () => false };
};
