import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The app's look, shared by the desktop window and club night's phone screens: filled buttons and badges, side
 * colours and outlines that pass WCAG AA in the light and the dark theme.
 */
export const theme = createTheme({
  primaryColor: 'orange',
  // Dark text on a filled colour where white would fail WCAG AA contrast (4.5:1): white passes below a relative
  // luminance of 0.183 and black from 0.175, so a threshold between the two makes every filled button and badge
  // pass whatever its colour (issue 15: red and grape badges had white text at 3.3:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // one filled shade in both schemes: autoContrast picks the text colour from shade 6 whatever the scheme, so a
  // darker dark-scheme fill (Mantine's default 8) got black text at 3.6:1
  primaryShade: 6,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  // modals, menus and notifications appear without animating when the system asks for reduced motion
  respectReducedMotion: true,
  components: {
    // autoContrast picks a filled badge's text from its colour prop, so the default (primary) badge names its colour:
    // white on orange 6 is 2.6:1, the dark text autoContrast gives it 8:1
    Badge: { defaultProps: { color: 'orange' } },
    // a closed Select's options are not drawn: Mantine keeps every combobox's dropdown mounted (hidden) by default,
    // which placed it with floating-ui at mount, forcing an early style recalculation, and drew its options, about
    // 250 ms of a phone's first screen at CPU ×4 for the Command Phase's four Selects (issue 42)
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Mantine's default "dimmed" grey is too light on white for small text (WCAG AA); one shade darker passes.
 * The two sides' colours as text (Play Mode's SIDE_TEXT): a dark shade on the light theme, a light one on the dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // the primary colour as text (links, light buttons, the active section in the navigation): orange 9 is 3.6:1 on
    // its own light fill and 3.2:1 on the hover fill; a burnt orange passes on both (5.7:1, 5.1:1) and on white
    '--mantine-color-anchor': '#a33600',
    '--mantine-color-orange-text': '#a33600',
    '--mantine-color-orange-light-color': '#a33600',
    '--mantine-primary-color-light-color': '#a33600',
    // a yellow notice's title (Draft only) in the yellow of the provisional marks, readable on the pale fill
    '--mantine-color-yellow-light-color': '#5c3d00',
    // outline badges in teal and grey (Legal, a roster's status): shade 6 is under 3:1 on white
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
    '--mantine-color-gray-outline': 'var(--mantine-color-gray-7)',
    // status words in either theme (a boss, a rule broken, a change for the better)
    '--aoa-text-bad': 'var(--mantine-color-red-9)',
    '--aoa-text-good': 'var(--mantine-color-teal-9)',
    '--aoa-side-a-text': 'var(--mantine-color-blue-8)',
    '--aoa-side-b-text': 'var(--mantine-color-red-9)',
    '--aoa-side-neutral-text': 'var(--mantine-color-gray-7)',
    // outline buttons and badges in red and grape (Abandon, Pass): the default shade 6 is 3.3:1 and 4.0:1 on white
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-grape-outline': 'var(--mantine-color-grape-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // outline badges on the dark cards: red and grey shade 6 are about 4:1 on a card; the lighter shades read
    '--mantine-color-red-outline': 'var(--mantine-color-red-4)',
    '--mantine-color-gray-outline': 'var(--mantine-color-gray-5)',
    '--aoa-text-bad': 'var(--mantine-color-red-4)',
    '--aoa-text-good': 'var(--mantine-color-teal-4)',
    '--aoa-side-a-text': 'var(--mantine-color-blue-3)',
    '--aoa-side-b-text': 'var(--mantine-color-red-3)',
    '--aoa-side-neutral-text': 'var(--mantine-color-gray-4)',
    // an outline in "dark" (the table's action colour) is dark grey on the dark page: 1.5:1; its lightest shade reads
    '--mantine-color-dark-outline': 'var(--mantine-color-dark-0)',
    // a filled "dark" button (Draw a token, Command Phase done) stands out from the dark cards it sits on
    '--mantine-color-dark-filled': 'var(--mantine-color-dark-4)',
    '--mantine-color-dark-filled-hover': 'var(--mantine-color-dark-3)',
  },
});
