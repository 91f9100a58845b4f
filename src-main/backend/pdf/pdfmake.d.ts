/**
 * Just enough of pdfmake 0.3's server API for this app (the package ships no
 * types). Document definitions are typed loosely in ./types.ts.
 */
declare module 'pdfmake' {
  interface PdfmakeOutput {
    getBuffer(): Promise<Buffer>;
    write(path: string): Promise<void>;
  }
  interface PdfmakeServer {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(doc: object, options?: object): PdfmakeOutput;
    /** Where pdfmake reads fonts, images and fetched URLs first (by path), before the disk. */
    virtualfs: { existsSync(path: string): boolean; readFileSync(path: string): Buffer; writeFileSync(path: string, content: Buffer | string): void };
  }
  const pdfmake: PdfmakeServer;
  export default pdfmake;
}
