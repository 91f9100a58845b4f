import type { Page } from '@playwright/test';

/**
 * Labels, buttons, headers and tabs whose text is cut off (clipped or ellipsed), as "tag: text". `more` adds
 * selectors (Play Mode adds the insides of buttons and badges, which clip their text themselves, and table cells).
 */
export async function truncated(page: Page, more = ''): Promise<string[]> {
  return page.evaluate((extra) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      `main label, main button, main th, main [role="tab"], main .mantine-Input-label, main input, nav a${extra}`,
    )) {
      const text = el instanceof HTMLInputElement ? el.value.trim() : el.innerText.trim();
      if (!text || el.offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}: ${text}`);
    }
    return out;
  }, more);
}
