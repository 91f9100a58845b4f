import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { SCRIPT_FONTS } from '../../../templates/pdf/script-fonts';

const resolvePkg = createRequire(import.meta.url);

/**
 * Where pdfmake's bundled Roboto TTFs live. Resolved through the package so it
 * works under tsx, vitest and the bundled Electron main alike. Roboto covers
 * Latin with accents, Greek and Cyrillic; fonts embed as subsets.
 */
export function robotoFolder(): string {
  return join(dirname(resolvePkg.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
}

/** A font package's folder from its main entry (these packages export nothing else). */
const packageFolder = (name: string, ...sub: string[]) => join(dirname(dirname(resolvePkg.resolve(name))), ...sub);

/**
 * The Noto fonts for the scripts Roboto lacks (templates/pdf/script-fonts.ts
 * decides which text uses them): Arabic, Hebrew, CJK (Chinese and Japanese
 * from the Simplified Chinese set, Korean from its own), and monochrome emoji.
 * Each is read only by a document that uses it, and embedded as a subset.
 */
function scriptFontFiles() {
  const arabic = packageFolder('@embedpdf/fonts-arabic', 'fonts');
  const hebrew = packageFolder('@embedpdf/fonts-hebrew', 'fonts');
  const han = packageFolder('@embedpdf/fonts-sc', 'fonts');
  const hangul = packageFolder('@embedpdf/fonts-kr', 'fonts');
  const emoji = dirname(resolvePkg.resolve('@expo-google-fonts/noto-emoji/400Regular/index.js'));
  const pair = (regular: string, bold: string) => ({ normal: regular, bold, italics: regular, bolditalics: bold });
  return {
    folders: [arabic, hebrew, han, hangul, emoji, join(emoji, '..', '700Bold')],
    families: {
      [SCRIPT_FONTS.arabic]: pair(join(arabic, 'NotoNaskhArabic-Regular.ttf'), join(arabic, 'NotoNaskhArabic-Bold.ttf')),
      [SCRIPT_FONTS.hebrew]: pair(join(hebrew, 'NotoSansHebrew-Regular.ttf'), join(hebrew, 'NotoSansHebrew-Bold.ttf')),
      [SCRIPT_FONTS.han]: pair(join(han, 'NotoSansHans-Regular.otf'), join(han, 'NotoSansHans-Bold.otf')),
      [SCRIPT_FONTS.hangul]: pair(join(hangul, 'NotoSansKR-Regular.otf'), join(hangul, 'NotoSansKR-Bold.otf')),
      [SCRIPT_FONTS.emoji]: pair(join(emoji, 'NotoEmoji_400Regular.ttf'), join(emoji, '..', '700Bold', 'NotoEmoji_700Bold.ttf')),
    },
  };
}

export function fontDescriptors(folder = robotoFolder()): Record<string, Record<string, string>> {
  return {
    Roboto: {
      normal: join(folder, 'Roboto-Regular.ttf'),
      bold: join(folder, 'Roboto-Medium.ttf'),
      italics: join(folder, 'Roboto-Italic.ttf'),
      bolditalics: join(folder, 'Roboto-MediumItalic.ttf'),
    },
    ...scriptFontFiles().families,
  };
}

/** Every folder a document may read a font from. */
export function fontFolders(): string[] {
  return [robotoFolder(), ...scriptFontFiles().folders];
}

/** pdfmake may read local files only inside the font folder: no document can pull in other files. */
export function isAllowedLocalPath(folder: string, path: string): boolean {
  const base = resolve(folder) + sep;
  return resolve(path).startsWith(base);
}

/**
 * The font files as pdfmake reads them (its `virtualfs`): each file in the
 * font folders is read from disk once per process, when a document first
 * uses it, and the same bytes are handed to every later document, so the
 * parsed-font cache (font-cache.ts) knows them without reading or hashing them
 * again. Any other path is not here, and pdfmake's local access policy then
 * decides (it refuses everything outside the font folders).
 */
export function fontFileStore(folders: readonly string[]) {
  const files = new Map<string, Buffer>();
  let reads = 0;
  const inFolders = (path: string) => folders.some((folder) => isAllowedLocalPath(folder, path));
  return {
    /** Whether a path is inside the font folders: pdfmake's local access policy too. */
    allows: inFolders,
    existsSync: (path: string): boolean => files.has(path) || (inFolders(path) && existsSync(path)),
    readFileSync(path: string): Buffer {
      let bytes = files.get(path);
      if (bytes === undefined) {
        if (!inFolders(path)) throw new Error(`Only font files are read for a PDF, not ${path}.`);
        bytes = readFileSync(path);
        reads++;
        files.set(path, bytes);
      }
      return bytes;
    },
    /** pdfmake keeps what it fetches from URLs here; its URL policy here allows none. */
    writeFileSync(path: string): never {
      throw new Error(`A PDF of this app fetches nothing (${path}).`);
    },
    /** How many font files were read from disk. */
    reads: () => reads,
  };
}
