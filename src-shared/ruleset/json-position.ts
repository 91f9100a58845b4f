import { printParseErrorCode, visit } from 'jsonc-parser';

/** Where JSON text first goes wrong: the character offset and its line and column, both from 1. */
export interface JsonErrorPlace {
  offset: number;
  line: number;
  column: number;
}

/**
 * The first syntax error in strict JSON (no comments, no trailing commas), as
 * jsonc-parser's scanner finds it. V8 gives a position for some syntax errors
 * but not for "Unexpected token" ones, and an organiser fixing a pack by hand
 * needs the line and column either way. Null when the text is valid JSON.
 */
export function jsonErrorPlace(text: string): JsonErrorPlace | null {
  let first: JsonErrorPlace | null = null;
  visit(
    text,
    {
      onError(error, offset, length, startLine, startCharacter) {
        if (first) return;
        // a string cut short (a raw line break, the end of the file) goes wrong where it stops, as V8 says
        const shift = printParseErrorCode(error) === 'UnexpectedEndOfString' ? length : 0;
        first = { offset: offset + shift, line: startLine + 1, column: startCharacter + 1 + shift };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return first;
}

/** The character offset of the first syntax error, or -1 when the text is valid JSON. */
export function jsonErrorOffset(text: string): number {
  return jsonErrorPlace(text)?.offset ?? -1;
}
