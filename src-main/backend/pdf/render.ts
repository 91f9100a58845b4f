import type pdfmakeModule from './pdfmake-loader';
import { fontDescriptors, fontFileStore, fontFolders, robotoFolder } from './fonts';
import { withScriptFonts, type GlyphCoverage } from '../../../templates/pdf/script-fonts';
import { FOOTER_NODE_ID, keepHeadingsWithContent, PROVISIONAL_MARK, SHARED_STYLES } from '../../../templates/pdf/pieces';
import type { PdfBody, PdfContent, PdfFooterInfo, RenderPdfOptions } from '../../../templates/pdf/types';

/** The font files pdfmake reads, once it is configured. */
let fontFiles: ReturnType<typeof fontFileStore> | undefined;
/** pdfmake loaded and configured, and which characters each registered font has (every character lands in a font that draws it). */
interface Configured {
  pdfmake: typeof pdfmakeModule;
  coverage: GlyphCoverage;
}
let configured: Promise<Configured> | undefined;

/**
 * pdfmake is one shared instance per process (and per worker thread): loaded and configured once, when the first
 * document is rendered (documents asked for at once share the one loading). Loading it, with pdfkit, fontkit and the
 * parsed-font cache, costs about 0.2 s, which a process that never prints (a CLI command, a backend that only
 * records) no longer pays at its start.
 */
function configure(): Promise<Configured> {
  configured ??= load().catch((e: unknown) => {
    configured = undefined;
    throw e;
  });
  return configured;
}

async function load(): Promise<Configured> {
  // the loader brings the parsed-font cache in before pdfkit (pdfmake-loader.ts); glyph-coverage reads that cache too
  const [{ default: pdfmake }, { glyphCoverage }] = await Promise.all([import('./pdfmake-loader'), import('./glyph-coverage')]);
  const families = fontDescriptors(robotoFolder());
  pdfmake.setFonts(families);
  // each font file is read once and its bytes shared by every document, not read again for each
  const files = fontFileStore(fontFolders());
  pdfmake.virtualfs = files;
  // Documents are built from our own data only: never fetch a URL, never read a file outside the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(files.allows);
  fontFiles = files;
  return { pdfmake, coverage: glyphCoverage(families, (path) => files.readFileSync(path)) };
}

/** How many font files this process has read from disk for its PDFs. */
export function fontFileReads(): number {
  return fontFiles?.reads() ?? 0;
}

/** The words in the footer's left part, also used by tests and the screen previews. */
export function footerLabel(footer: PdfFooterInfo): string {
  const parts = [footer.rulesetLabel];
  if (footer.provisional) parts.push(`provisional values marked ${PROVISIONAL_MARK}`);
  if (footer.nonStandard) parts.push('non-standard: alternating activations module');
  return parts.join(' · ');
}

function pageLabel(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}

/**
 * Renders a document body to PDF bytes with everything every printout of the
 * app shares: embedded Roboto (accents, Greek and Cyrillic), with Noto fonts for
 * names in Arabic, Hebrew, CJK and emoji (templates/pdf/script-fonts.ts), A4 or US Letter,
 * a footer with the club's name (Settings) and the ruleset version, "provisional" when any provisional value
 * is shown and "non-standard" when the alternating-activation module is on,
 * page numbers ("Page 2 of 3"), and document metadata (title, author = the
 * club's name, subject).
 *
 * Usage from a template (see templates/crib-sheet.ts):
 *   const body = buildMyDoc(pack, …);            // { content: [...] }
 *   const pdf = await renderPdf(body, { paperSize: settings.paperSize, title: 'Army sheet — Ash Wolves',
 *     author: settings.clubName, footer: { rulesetLabel: rulesetLabel(pack, versionNo), provisional, nonStandard } });
 */
export async function renderPdf(body: PdfBody, opts: RenderPdfOptions): Promise<Buffer> {
  const { pdfmake, coverage: fonts } = await configure();
  const club = opts.author.trim();
  // the club's name is a run of its own, so a name in another script gets its font like any name in the body
  const left = withScriptFonts({ text: club ? [club, ` · ${footerLabel(opts.footer)}`] : footerLabel(opts.footer), style: 'footer', width: '*' }, fonts);
  const doc = {
    pageSize: opts.paperSize,
    pageOrientation: body.pageOrientation ?? 'portrait',
    pageMargins: body.pageMargins ?? [40, 40, 40, 48],
    info: {
      title: opts.title,
      author: opts.author.trim() || 'Age of Ash Campaign Manager',
      subject: opts.subject ?? opts.title,
      creator: 'Age of Ash Campaign Manager',
      producer: 'Age of Ash Campaign Manager (pdfmake)',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.1, ...(body.defaultStyle ?? {}) },
    styles: { ...SHARED_STYLES, ...(body.styles ?? {}) },
    // names in Arabic, Hebrew, CJK or emoji print in a font that has them
    content: withScriptFonts(body.content, fonts),
    ...(body.keepHeadingsWithContent === false ? {} : { pageBreakBefore: keepHeadingsWithContent }),
    footer: (page: number, pages: number): PdfContent => ({
      id: `${FOOTER_NODE_ID}-${page}`,
      margin: [40, 14, 40, 0],
      columns: [
        { id: `${FOOTER_NODE_ID}-${page}-left`, ...left },
        { id: `${FOOTER_NODE_ID}-${page}-right`, text: pageLabel(page, pages), style: 'footer', alignment: 'right', width: 'auto' },
      ],
    }),
  };
  return pdfmake.createPdf(doc).getBuffer();
}
