/** The export of the table's current query (all its rows, the columns shown) as CSV or XLSX. */
import { useState } from 'react';
import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from './icons';
import type { ExportFormat } from './types';

export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await onExport(format);
    } catch {
      // the app's client already told the user
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root onSelect={(d) => void run(d.value as ExportFormat)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" px={{ base: '0', sm: '3' }} loading={busy} aria-label={t('dataTable.export')}>
          <DownloadIcon />
          <Box as="span" hideBelow="sm">{t('dataTable.export')}</Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="csv">{t('dataTable.exportCsv')}</Menu.Item>
            <Menu.Item value="xlsx">{t('dataTable.exportXlsx')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
