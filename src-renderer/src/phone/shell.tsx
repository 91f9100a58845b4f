// Mantine's styles for the components the phone screens use, one file each in Mantine's order (dependencies first),
// instead of the whole library's: a phone loads the table's styles, not the Builder's or the Reports' charts'. The
// theme's CSS variables come from MantineProvider alone (all of them: deduplicateCssVariables off), not a second copy
// in a stylesheet.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Tooltip.css';
import './phone.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../api/query-client';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { cssVariablesResolver, theme } from '../theme';

/**
 * A club night page (a phone at a table, the projector's board): the app's theme, following the device's light or
 * dark setting (a phone reaches no Settings), and the phone's touch sizes (phone.css, under `aoa-phone` on the root
 * element so that drop-downs and drawers drawn outside the page's tree take them too; `aoa-phone-table` or
 * `aoa-phone-board` says which page it is).
 */
export function renderPhone(page: ReactNode, kind: 'table' | 'board'): void {
  document.documentElement.classList.add('aoa-phone', `aoa-phone-${kind}`);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" deduplicateCssVariables={false}>
          <ErrorBoundary>{page}</ErrorBoundary>
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
