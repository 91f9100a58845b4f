/**
 * What a browser shows for a club night link the LAN listener refuses (issue 42): a revoked, expired or unknown
 * table link opened from a card, in a sentence and not as the API's JSON. The sentence is the API's own; the club's
 * name heads the page when the settings have one. Drawn in the phone's own light or dark setting, with no script
 * and nothing fetched (the listener's policy allows inline styles only).
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
:root { color-scheme: light dark; --bg: #f8f9fa; --fg: #212529; --card: #ffffff; --muted: #495057; --edge: #ced4da; --accent: #a61e4d; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1a1b1e; --fg: #e9ecef; --card: #25262b; --muted: #c1c2c5; --edge: #5c5f66; --accent: #faa2c1; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 16px;
  background: var(--bg); color: var(--fg); font: 18px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
main { max-width: 28rem; width: 100%; background: var(--card); border: 1px solid var(--edge); border-radius: 12px; padding: 24px; }
h1 { font-size: 1.25rem; margin: 0 0 4px; }
.club { color: var(--muted); margin: 0 0 16px; font-size: 1rem; }
.why { margin: 0 0 12px; }
.next { margin: 0; font-weight: 600; color: var(--accent); }
`;

export interface RefusalPage {
  /** The API's sentence for the refusal. */
  message: string;
  /** The club's name from the settings, '' when none is set. */
  clubName: string;
  /** A link over its request budget is still good: it is not told to get a new card. */
  retry?: boolean;
}

export function linkRefusalPage({ message, clubName, retry }: RefusalPage): string {
  const title = retry ? 'Too many requests from this link' : 'This link cannot open the table';
  const next = retry ? 'Wait a few seconds, then reload this page.' : 'Ask the organiser for a new card.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="club">${escapeHtml(clubName ? `${clubName}: club night` : 'Club night')}</p>
<p class="why" data-refusal>${escapeHtml(message)}</p>
<p class="next">${escapeHtml(next)}</p>
</main>
</body>
</html>
`;
}
