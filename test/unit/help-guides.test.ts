import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpLink, loadGuides, pictureUrl, sectionsOf } from '../../src-renderer/src/sections/help/guides';
import { GUIDE_ORDER } from '../../src-renderer/src/sections/help/help-topics';
import { excerptOf, helpIndex } from '../../src-renderer/src/sections/help/help-search';

// The Help section shows the guides of docs/guide/ (issue 43): every guide there, and only those, in the reading order.
describe('the Help section’s guides', () => {
  it('holds every guide of docs/guide/, titled by its first heading', async () => {
    const files = readdirSync(join(__dirname, '../../docs/guide')).map((f) => f.replace(/\.md$/, ''));
    expect([...GUIDE_ORDER].sort()).toEqual(files.sort());
    const guides = await loadGuides();
    expect(guides.map((g) => g.slug)).toEqual([...GUIDE_ORDER]);
    expect(guides.find((g) => g.slug === 'club-night')!.title).toBe('Club night on the LAN');
  });

  it('keeps a link to another guide in Help, and shows the rest without following it', () => {
    expect(helpLink('club-night.md')).toEqual({ kind: 'guide', slug: 'club-night' });
    expect(helpLink('command-line.md#command-line')).toEqual({ kind: 'guide', slug: 'command-line', at: 'command-line' });
    expect(helpLink('../TESTING.md')).toEqual({ kind: 'outside', href: '../TESTING.md' });
    expect(helpLink('https://www.postgresql.org/docs/15/libpq-pgpass.html').kind).toBe('outside');
    expect(helpLink('no-such-guide.md').kind).toBe('outside');
    expect(pictureUrl('../screenshots/club-night-2-play.png')).toMatch(/club-night-2-play/);
    expect(pictureUrl('../screenshots/none.png')).toBeUndefined();
  });

  it('cuts a guide into its sections at the anchors GitHub gives them', async () => {
    const evening = (await loadGuides()).find((g) => g.slug === 'organiser-evening')!;
    const sections = sectionsOf(evening);
    expect(sections.map((s) => s.at)).toContain('play-mode');
    expect(sections.map((s) => s.at)).toContain('working-in-the-builder');
    expect(sections.find((s) => s.at === 'play-mode')!.text).not.toMatch(/^## /m);
  });

  it('finds “revoke” in the club night guide, and nothing for a word no guide holds', async () => {
    const search = helpIndex(await loadGuides());
    const hits = search('revoke');
    const atClubNight = hits.find((h) => h.section.slug === 'club-night');
    expect(atClubNight, hits.map((h) => h.section.id).join(', ')).toBeDefined();
    expect(atClubNight!.excerpt.toLowerCase()).toContain('revok');
    expect(search('xylophonically')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('quotes the sentence a word is in, without Markdown marks', () => {
    expect(excerptOf('First. The **organiser** may [revoke](x.md) a link. Last.', ['revoke'])).toBe('The organiser may revoke a link. Last.');
  });
});
