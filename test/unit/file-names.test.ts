// Issue 14: "such names give the file name draft.pdf". A file name keeps a readable Latin spelling of any script.
import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../src-main/backend/pdf/file-name';

describe('file names from names in any script', () => {
  it.each([
    ['Ash Wolves', 'Ash-Wolves.pdf'],
    ['Ворон и сокол', 'Voron-i-sokol.pdf'],
    ['محمد الفارس', 'mhmd-lfrs.pdf'],
    ['דוד המלך', 'dvd-hmlkh.pdf'],
    ['李小龍', 'LiXiaoLong.pdf'],
    ['山田 太郎', 'ShanTian-TaiLang.pdf'],
    ['🔥 Ash Wolves 🐺', 'fire-Ash-Wolves-wolf.pdf'],
    ['Ærøskøbing Δέλτα', 'Aeroskobing-Delta.pdf'],
    ['../../etc/passwd', 'etc-passwd.pdf'],
    ['', 'roster.pdf'],
    ['***', 'roster.pdf'],
  ])('%s → %s', (name, file) => {
    expect(safeFileName(name, 'pdf', 'roster')).toBe(file);
  });

  it('never longer than 60 characters before the extension, never ending in a dash', () => {
    const f = safeFileName('Ω'.repeat(100), 'pdf');
    expect(f.length).toBeLessThanOrEqual(64);
    expect(f).not.toMatch(/-\.pdf$/);
  });
});
