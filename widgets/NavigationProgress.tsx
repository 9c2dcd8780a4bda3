/** Spec §2: every navigation shows a loading indicator — a thin indeterminate bar fixed at the top. */
import { Progress } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface NavigationProgressProps {
  /** Shown while true; nothing is rendered otherwise. */
  active: boolean;
}

export function NavigationProgress({ active }: NavigationProgressProps) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <Progress.Root
      value={null}
      size="xs"
      colorPalette="brand"
      position="fixed"
      top="0"
      insetInline="0"
      zIndex="toast"
    >
      <Progress.Track aria-label={t('widgets.progress.loading')} borderRadius="0" bg="transparent">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
