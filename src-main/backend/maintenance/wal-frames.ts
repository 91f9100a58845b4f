/**
 * Reads a SQLite write-ahead log the way SQLite's recovery does
 * (https://www.sqlite.org/fileformat2.html#walformat), to tell what it will
 * keep and what it will silently drop when the ledger is next opened.
 *
 * Recovery replays frames in order while each carries the header's salts and
 * a running checksum that matches, and keeps them up to the last commit frame.
 * Frames after the first bad one are dropped without a word, and so is a
 * frame cut short by a truncated file. Frames of a transaction that never
 * committed are dropped too, rightly: that write was never acknowledged.
 *
 * The WAL's index (the `-shm` file beside it, which a killed process leaves
 * as it was) says how many frames the last commit reached. When every one of
 * them will be applied, a partial frame at the end is the start of a write
 * that never committed (a disk that filled up mid-write), not a loss.
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;

export interface WalInspection {
  /** The file is a WAL (right magic, sane page size, header checksum valid). */
  valid: boolean;
  pageSize: number;
  /** Whole frames in the file, of any generation. */
  frames: number;
  /** Frames recovery will apply: valid, of this generation, up to the last commit. */
  applied: number;
  /** Transactions among the applied frames. */
  commits: number;
  /**
   * Frames of this generation that recovery will drop although they carry this
   * WAL's salts: written after a damaged frame, so acknowledged writes may be among them.
   */
  droppedAfterDamage: number;
  /** Bytes past the last whole frame: the file was cut short in the middle of a frame. */
  trailingBytes: number;
  /** Frames the last commit reached, as the WAL's index (`-shm`) of this generation says; undefined without a readable one. */
  committedFrames?: number;
  /** Anything recovery drops that may have been acknowledged: damage, fewer frames than were committed, or (without an index to ask) a file cut mid-frame. */
  lossSuspected: boolean;
}

function checksum(buf: Uint8Array, start: number, end: number, bigEndian: boolean, s: [number, number]): [number, number] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let [s0, s1] = s;
  for (let i = start; i < end; i += 8) {
    const x0 = view.getUint32(i, !bigEndian);
    const x1 = view.getUint32(i + 4, !bigEndian);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/**
 * mxFrame of a wal-index header (https://www.sqlite.org/walformat.html#the_wal_index_file_format): the two
 * copies of the 48-byte header must agree, be initialised and carry the WAL's salts, else the index says nothing.
 * Its integers are in the writing machine's byte order.
 */
function committedFramesOf(shm: Uint8Array | undefined, walView: DataView): number | undefined {
  if (!shm || shm.length < 96) return undefined;
  const a = shm.subarray(0, 48);
  const b = shm.subarray(48, 96);
  if (!a.every((x, i) => x === b[i])) return undefined;
  const view = new DataView(shm.buffer, shm.byteOffset, 48);
  for (const little of [true, false]) {
    if (view.getUint32(0, little) !== 3007000 || view.getUint8(12) !== 1) continue;
    // the salts are copied from the WAL header's bytes as they are
    if (view.getUint32(32) !== walView.getUint32(16) || view.getUint32(36) !== walView.getUint32(20)) return undefined;
    return view.getUint32(16, little);
  }
  return undefined;
}

export function inspectWal(wal: Uint8Array, shm?: Uint8Array): WalInspection {
  const none: WalInspection = {
    valid: false,
    pageSize: 0,
    frames: 0,
    applied: 0,
    commits: 0,
    droppedAfterDamage: 0,
    trailingBytes: wal.length,
    lossSuspected: wal.length > 0,
  };
  if (wal.length < WAL_HEADER) return none;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) return none;
  const bigEndian = magic === MAGIC_BE;
  const rawPage = view.getUint32(8);
  const pageSize = rawPage === 1 ? 65536 : rawPage;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return none;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return { ...none, pageSize };

  const frameSize = FRAME_HEADER + pageSize;
  const frames = Math.floor((wal.length - WAL_HEADER) / frameSize);
  const trailingBytes = (wal.length - WAL_HEADER) % frameSize;
  let applied = 0;
  let commits = 0;
  let validRun = 0;
  let broken = -1;
  for (let i = 0; i < frames; i++) {
    const at = WAL_HEADER + i * frameSize;
    if (view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) {
      broken = i;
      break;
    }
    sum = checksum(wal, at, at + 8, bigEndian, sum);
    sum = checksum(wal, at + FRAME_HEADER, at + frameSize, bigEndian, sum);
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) {
      broken = i;
      break;
    }
    validRun = i + 1;
    if (view.getUint32(at + 4) !== 0) {
      applied = validRun;
      commits++;
    }
  }
  // Frames after a broken one that still carry this generation's salts were written by this
  // generation after it: damage in the middle, not a stale tail from before a checkpoint.
  let droppedAfterDamage = 0;
  if (broken >= 0) {
    for (let i = broken; i < frames; i++) {
      const at = WAL_HEADER + i * frameSize;
      if (view.getUint32(at + 8) === salt1 && view.getUint32(at + 12) === salt2) droppedAfterDamage++;
    }
  }
  const committedFrames = committedFramesOf(shm, view);
  const cutShort = committedFrames === undefined ? trailingBytes > 0 : applied < committedFrames;
  return {
    valid: true,
    pageSize,
    frames,
    applied,
    commits,
    droppedAfterDamage,
    trailingBytes,
    committedFrames,
    lossSuspected: droppedAfterDamage > 0 || cutShort,
  };
}
