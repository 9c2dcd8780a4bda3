/** The actions cell of a row: show, edit and remove, each present only when the parent handles it and the role allows it. */
import { HStack, IconButton, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../icons';
import { PencilIcon, TrashIcon } from './icons';

export interface RowActionsProps {
  /** Text naming the row in the buttons' accessible names. */
  rowName: string;
  onShow?: () => void;
  onEdit?: () => void;
  onRemove?: () => void;
  size: '2xs' | 'sm';
}

export function RowActions({ rowName, onShow, onEdit, onRemove, size }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Table.Cell py="0" px="1">
      <HStack gap="0.5" justify="center">
        {onShow && (
          <IconButton size={size} variant="ghost" aria-label={t('dataTable.show', { row: rowName })} onClick={onShow}>
            <EyeIcon />
          </IconButton>
        )}
        {onEdit && (
          <IconButton size={size} variant="ghost" aria-label={t('dataTable.edit', { row: rowName })} onClick={onEdit}>
            <PencilIcon />
          </IconButton>
        )}
        {onRemove && (
          <IconButton size={size} variant="ghost" colorPalette="red" aria-label={t('dataTable.remove', { row: rowName })} onClick={onRemove}>
            <TrashIcon />
          </IconButton>
        )}
      </HStack>
    </Table.Cell>
  );
}
