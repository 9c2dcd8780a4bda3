/**
 * A record's body items on the record page (./RecordPage.tsx): the editable grid with each row's details line, a
 * cell's error in words (an API code's text with its values, else the field's message), the inline article
 * buttons, the activity's note on what its edit mode leaves out, and the totals as the server will compute them.
 */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Heading, Text } from '@chakra-ui/react';
import { CHEQUE_FIELDS, hasDetails, itemDetails } from '../../engine/records/itemDetails';
import { ItemsGrid } from '../../widgets/ItemsGrid';
import { fieldMessage } from '../../widgets/SchemaForm/fieldMessage';
import { TotalsPanel } from '../../widgets/TotalsPanel';
import { ARTICLE_OPTIONS } from './articles';
import { EditModeNote } from './EditModeNote';
import { InlineEditButtons } from './InlineEditButtons';
import type { InlineKind } from './InlineEditDialog';
import { ItemDetailsLine } from './ItemDetailsLine';
import type { Place } from './place';
import type { useRecord } from './useRecord';

const ITEM_LABELS = ['article', 'cantidad', 'ajuste', 'precio_unitario', 'largo', 'ancho', 'alto', 'alicuota', 'subtotal', 'impuesto', 'total'] as const;

interface Props {
  r: ReturnType<typeof useRecord>;
  activity: Place['activity'];
  readOnly: boolean;
  /** Where a save the items' own errors stopped takes the focus (useFocusFirstError). */
  focusRef: Ref<HTMLDivElement>;
  onOpenInline: (kind: InlineKind, id: number | null) => void;
}

export function RecordItems({ r, activity, readOnly, focusRef, onOpenInline }: Props) {
  const { t, i18n } = useTranslation();
  const itemLabels = Object.fromEntries(ITEM_LABELS.map((c) => [c, t(`entities.registro.items.items.${c === 'article' ? 'articulo' : c}`)])) as Record<(typeof ITEM_LABELS)[number], string>;
  const cellErrors = Object.fromEntries(
    Object.entries(r.itemCellErrors).map(([key, errors]) => {
      const code = errors[0]?.code;
      const label = itemLabels[key.split('.')[1] as keyof typeof itemLabels] ?? '';
      // an API code's text takes its values (the article, location and what is available of a stock error)
      return [key, code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`, errors[0]?.params) : (fieldMessage(errors, label, t, (k) => i18n.exists(k)) ?? '')];
    }),
  );
  const rows = r.grid.context.rows;
  const showDimensions = rows.some((row) => ['largo', 'ancho', 'alto'].some((c) => row.cells[c as 'largo'].trim() !== '') || (row.article !== null && r.articles.get(row.article)?.es_a_medida));
  const activeRow = r.grid.context.active ? r.grid.context.active.row : null;
  const activeArticle = activeRow !== null ? (rows[activeRow]?.article ?? null) : null;

  return (
    <Box ref={focusRef} as="section" aria-labelledby="record-items-title" gridArea="items" minW="0" mb="4">
      <Heading as="h2" size="sm" id="record-items-title" mb="2">
        {t('execution.items')}
      </Heading>
      <ItemsGrid
        rows={rows}
        lines={r.pricing.lines}
        active={r.grid.context.active}
        focusSeq={r.grid.context.focusSeq}
        send={r.sendGrid}
        articleSource={r.articles.source}
        articleListKey={ARTICLE_OPTIONS}
        readOnly={readOnly}
        showDimensions={showDimensions}
        errors={cellErrors}
        label={t('execution.items')}
        labels={itemLabels}
        details={(row, i) => {
          const d = itemDetails(activity, row.article === null ? undefined : r.articles.get(row.article), row.id !== undefined);
          if (!hasDetails(d)) return null;
          const errors = Object.fromEntries(['ubicacion', 'cheque', 'a_medida', ...CHEQUE_FIELDS].map((f) => [f, cellErrors[`${i}.${f}`] || undefined]));
          return <ItemDetailsLine row={row} index={i} details={d} send={r.sendGrid} readOnly={readOnly} errors={errors} />;
        }}
      />
      {!readOnly && (
        <InlineEditButtons
          kind="article"
          mode={activity.edicion_articulo}
          current={activeArticle}
          createLabel={t('execution.inline.article.create')}
          updateLabel={t('execution.inline.article.updateRow', { n: (activeRow ?? 0) + 1 })}
          onOpen={onOpenInline}
        />
      )}
      {!readOnly && <EditModeNote kind="article" mode={activity.edicion_articulo} />}
      {r.itemsError && (
        <Text color="fg.error" textStyle="sm" mt="2" role="alert">
          {r.itemsError}
        </Text>
      )}
      <Box mt="3" display="flex">
        <TotalsPanel totals={r.pricing.totals} provisional={!readOnly && r.dirty} />
      </Box>
    </Box>
  );
}
