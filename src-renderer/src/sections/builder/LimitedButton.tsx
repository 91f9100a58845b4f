import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';

/**
 * An "Add …" control that a recruitment limit can close ("Add Elite squad", "Add fighter"): at the limit it is disabled
 * and says why (the rule's own words, citing the Field Manual) on hover and focus and to a screen reader; it stays
 * focusable so the reason can be read.
 */
export function LimitedButton({
  refusal,
  onClick,
  children,
  ...props
}: { refusal: string | null; onClick: () => void; children: React.ReactNode } & ButtonProps) {
  const reasonId = useId();
  if (!refusal)
    return (
      <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onClick} {...props}>
        {children}
      </Button>
    );
  return (
    <>
      <Tooltip label={refusal} multiline w={320} events={{ hover: true, focus: true, touch: true }}>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          data-disabled
          aria-disabled
          aria-describedby={reasonId}
          onClick={(e) => e.preventDefault()}
          {...props}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{refusal}</VisuallyHidden>
    </>
  );
}
