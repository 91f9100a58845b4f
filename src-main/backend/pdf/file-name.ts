import anyAscii from 'any-ascii';

/** Names safe on every file system. */
export function safeFileName(name: string, ext: string, fallback = 'document'): string {
  // a readable Latin spelling of any script (Ворон → Voron, 李小龍 → LiXiaoLong, 🐺 → wolf), so no name prints as "draft.pdf"
  const base =
    anyAscii(name)
      .replace(/[^\w\- ]+/g, ' ')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || fallback;
  return `${base}.${ext}`;
}
