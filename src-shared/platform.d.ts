/**
 * The few web-platform globals both of the domain's runtimes (Node and the
 * renderer) provide. src-shared is compiled with neither DOM nor Node types,
 * so this is everything it may reach beyond the language itself.
 */
declare global {
  var crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T; randomUUID(): string };
  function structuredClone<T>(value: T): T;
  class TextEncoder {
    encode(input?: string): Uint8Array;
  }
}

export {};
