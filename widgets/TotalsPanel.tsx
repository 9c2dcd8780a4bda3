/** A record's totals (spec §9 price rule): subtotal, taxes per rate, total. Announced politely as they change. */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RecordTotals } from '../engine/price';
import { formatMoney, formatNumber } from './money';

export interface TotalsPanelProps {
  /** Amounts as numbers or exact decimal texts; `uncounted`: lines left out of them (their errors are at their cells). */
  totals: RecordTotals<number | string> & { uncounted?: number };
  /** The figures are the browser's; the stored ones come with the next save. */
  provisional?: boolean;
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="6" fontWeight={strong ? 'bold' : undefined} textStyle={strong ? 'md' : 'sm'}>
      <Text as="dt">{label}</Text>
      <Text as="dd" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Flex>
  );
}

export function TotalsPanel({ totals, provisional }: TotalsPanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Box as="section" aria-label={t('widgets.totals.title')} borderWidth="1px" borderRadius="md" p="3" minW={{ base: 'full', sm: '18rem' }} ml={{ sm: 'auto' }}>
      <Box as="dl" aria-live="polite" display="flex" flexDirection="column" gap="1">
        <Line label={t('widgets.totals.subtotal')} value={formatMoney(totals.subtotal, lang)} />
        {totals.impuestos.map((tax) => (
          <Line key={tax.alicuota} label={t('widgets.totals.tax', { rate: formatNumber(tax.alicuota, lang) })} value={formatMoney(tax.importe, lang)} />
        ))}
        <Line label={t('widgets.totals.total')} value={formatMoney(totals.total, lang)} strong />
      </Box>
      {!!totals.uncounted && (
        <Text textStyle="xs" color="fg.error" mt="2">
          {t('widgets.totals.uncounted', { count: totals.uncounted })}
        </Text>
      )}
      {provisional && (
        <Text textStyle="xs" color="fg.muted" mt="2">
          {t('widgets.totals.provisional')}
        </Text>
      )}
    </Box>
  );
}
