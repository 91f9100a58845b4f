import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where pdfmake's bundled Roboto TTFs live. Resolved through the package so it
 * works under tsx, vitest and the bundled Electron main alike. Roboto covers
 * Latin with accents, Greek and Cyrillic; fonts embed as subsets.
 */
export function robotoFolder(): string {
  const resolvePkg = createRequire(import.meta.url);
  return join(dirname(resolvePkg.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
}

export function fontDescriptors(folder = robotoFolder()): Record<string, Record<string, string>> {
  return {
    Roboto: {
      normal: join(folder, 'Roboto-Regular.ttf'),
      bold: join(folder, 'Roboto-Medium.ttf'),
      italics: join(folder, 'Roboto-Italic.ttf'),
      bolditalics: join(folder, 'Roboto-MediumItalic.ttf'),
    },
  };
}

/** pdfmake may read local files only inside the font folder: no document can pull in other files. */
export function isAllowedLocalPath(folder: string, path: string): boolean {
  const base = resolve(folder) + sep;
  return resolve(path).startsWith(base);
}
