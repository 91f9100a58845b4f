/**
 * A QR code drawn as one filled path (issue 35: table links on the organiser's
 * screen and on the printed table cards): a rectangle per run of dark modules
 * in a row, inside the quiet zone a reader needs around the code (four
 * modules, ISO/IEC 18004). Filled in one go, it has no seams between modules
 * at any scale, on a screen or a printer.
 */

/** A QR code's modules, row by row from the top left: `data[row * size + col]` is 1 (or true) where the module is dark. */
export interface QrModules {
  size: number;
  data: ArrayLike<number | boolean>;
}

/** Modules of white around the code. */
const QR_QUIET_ZONE = 4;

/** The side of the drawing, quiet zone included, in modules: the path's coordinates run from 0 to this. */
export function qrSide(qr: QrModules): number {
  return qr.size + 2 * QR_QUIET_ZONE;
}

/** The dark modules as SVG path data, in module units. */
export function qrPath(qr: QrModules): string {
  const parts: string[] = [];
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.data[row * qr.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.data[row * qr.size + col]) col++;
      parts.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
